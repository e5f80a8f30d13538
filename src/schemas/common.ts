import { Type, type TSchema } from 'typebox';

/**
 * Schemas that several features share, declared once: the answer of an action, the path
 * parameters that name an order, nullable values, and uploaded file parts.
 */
export const Success = Type.Object({ success: Type.Literal(true) });

export const OrderParams = Type.Object({ order_id: Type.String() });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** An uploaded file part (multipart/form-data). */
export const Binary = Type.String({
  format: 'binary',
  description: 'A file part of a multipart/form-data body',
});
