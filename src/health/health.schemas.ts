import { Type } from 'typebox';

export const HealthStatus = Type.Object(
  { status: Type.Literal('ok') },
  { $id: 'HealthStatus', description: 'All is well' },
);

export const ServiceIndex = Type.Object(
  {
    name: Type.String(),
    api: Type.String({ description: 'Where the API starts' }),
    docs: Type.String({ description: 'The interactive documentation' }),
    openapi: Type.String({ description: 'This document' }),
  },
  { $id: 'ServiceIndex', description: 'Where to find the API and its documentation' },
);
