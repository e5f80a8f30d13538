import { Type } from 'typebox';
import { AUDIENCE_MEANINGS, AUDIENCES } from '../policy/audience.ts';

/** Who besides the company reads a note or sees a file (policy/audience.ts), for the API document. */
export const AudienceSchema = Type.Enum(AUDIENCES, {
  $id: 'Audience',
  description:
    'Who besides the appraisal company sees it: ' +
    AUDIENCES.map((audience) => `${audience}, ${AUDIENCE_MEANINGS[audience]}`).join('; '),
});
