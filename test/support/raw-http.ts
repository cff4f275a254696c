import { connect } from 'node:net';

/** Sends raw bytes (optionally in timed pieces) and reads the whole answer until the server closes or answers. */
export function rawExchange(port: number, pieces: string[], { gapMs = 0, waitMs = 8000 } = {}): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${waitMs} ms; got ${JSON.stringify(data.slice(0, 200))}`));
    }, waitMs);
    const finish = () => {
      clearTimeout(timer);
      const [head, ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: rest.join('\r\n\r\n') });
    };
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      const head = data.split('\r\n\r\n')[0];
      const length = /content-length: (\d+)/i.exec(head)?.[1];
      if (length && data.length >= head.length + 4 + Number(length)) {
        socket.destroy();
        finish();
      }
    });
    socket.on('close', finish);
    socket.on('error', () => undefined);
    let index = 0;
    const next = () => {
      if (index >= pieces.length || socket.destroyed) return;
      socket.write(pieces[index++]);
      if (gapMs) setTimeout(next, gapMs);
      else next();
    };
    socket.on('connect', next);
  });
}

export function expectRawProblem(answer: { status: number; headers: string; body: string }, status: number, code: string): void {
  expect({ status: answer.status, type: /content-type: ([^\r\n]+)/i.exec(answer.headers)?.[1] }).toEqual({
    status,
    type: 'application/problem+json; charset=utf-8',
  });
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(body).toMatchObject({ status, code, title: expect.any(String), detail: expect.any(String), requestId: expect.any(String) });
  expect(answer.body).not.toMatch(/FST_|Client Error|statusCode/);
}
