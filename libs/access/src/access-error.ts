/** Invalid key management input, with a stable code (the CLI prints it; the API maps it to 400). */
export class AccessError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AccessError';
  }
}
