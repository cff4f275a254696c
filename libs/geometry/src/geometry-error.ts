/** Bad input to a geometry function; `code` is stable for callers and API problem documents. */
export class GeometryError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'GeometryError';
  }
}
