// Validates the OpenAPI document on stdin; prints { valid, errors } as JSON. A separate process
// because the validator is an ES module and the test suites run as CommonJS.
import { Validator } from '@seriousme/openapi-schema-validator';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const result = await new Validator().validate(JSON.parse(Buffer.concat(chunks).toString('utf8')));
process.stdout.write(JSON.stringify({ valid: result.valid, errors: result.errors ?? [] }));
