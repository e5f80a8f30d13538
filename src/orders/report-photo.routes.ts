import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { sendStoredFile } from '../http/file-reply.ts';
import { FileBytes, Id } from '../schemas/common.ts';
import { downloadReportPhoto } from './report-photo.service.ts';

/** A report's photos out of its stored package, through signed links (ReportSubmission.photos[].link). */
export function registerReportPhotoRoutes(app: AppInstance, deps: AppDeps): void {
  app.get(
    '/files/:file_id/photos/:photo',
    {
      schema: {
        operationId: 'downloadReportPhoto',
        tags: ['reports'],
        summary: 'A photo of a report, out of the UAD 3.6 package it came in, through its signed link',
        description:
          "The link (ReportSubmission.photos[].link) is the credential: no API key. Each photo's link has a signature of its own and is given only to whoever may download the package. An expired or altered link answers 403; a photo the stored package does not hold, 404.",
        security: [],
        params: Type.Object({
          file_id: Id('The stored package (file type appraisal_env)'),
          photo: Type.Integer({
            minimum: 1,
            maximum: 10000,
            description: "The photo's position in the report's photos, from 1",
          }),
        }),
        querystring: Type.Object({
          expires: Type.Optional(
            Type.String({ description: 'From the link: when it stops working (Unix seconds)' }),
          ),
          signature: Type.Optional(Type.String({ description: 'From the link: its HMAC signature' })),
        }),
        response: {
          200: {
            description: 'The image, with its own Content-Type (image/png, image/jpeg…)',
            content: { '*/*': { schema: FileBytes } },
          },
        },
      },
      config: { errors: [403] },
    },
    async (request, reply) => {
      const photo = await downloadReportPhoto(
        { ...deps, directory: deps.config.uploadTmpDir },
        request.params.file_id,
        request.params.photo,
        request.query,
      );
      // Shown in the browser when it is a PNG, JPEG or GIF; anything else downloads.
      return sendStoredFile(reply, photo, 'inline');
    },
  );
}
