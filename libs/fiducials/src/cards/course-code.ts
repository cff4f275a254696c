import { createHash } from 'node:crypto';
import { IDENTITY_ALPHABET } from '../identity-checksum';
import { COURSE_CODE_LENGTH } from '../printed-identity';

/**
 * The five-character course-layout code printed in the label's C chunk, derived from the
 * course id so the same course always prints the same code. It is a hint for people only:
 * the service returns it but never applies it to course data.
 */
export function courseCodeFor(courseId: string): string {
  const digest = createHash('sha256').update(`caddie-course-code:${courseId}`).digest();
  let code = '';
  for (let i = 0; i < COURSE_CODE_LENGTH; i++) code += IDENTITY_ALPHABET[digest[i] % IDENTITY_ALPHABET.length];
  return code;
}
