/**
 * `read` remembered per frozen input object. The fast lane hands routes frozen params and query
 * objects, one per distinct path and query string (FastInput), so what a route makes of them can
 * be worked out once; any other object (Fastify's, which can change) is read every time. A read
 * that throws is not remembered. Answers that are objects come back frozen, shared by every caller.
 */
export function perFrozenInput<I extends object, R>(read: (input: I) => R): (input: I) => R {
  const answers = new WeakMap<I, R>();
  return (input) => {
    const known = answers.get(input);
    if (known !== undefined || answers.has(input)) return known as R;
    const answer = read(input);
    if (Object.isFrozen(input)) answers.set(input, typeof answer === 'object' && answer !== null ? Object.freeze(answer) : answer);
    return answer;
  };
}
