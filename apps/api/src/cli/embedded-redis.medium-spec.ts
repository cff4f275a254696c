import { required } from '../../../../test/support/requirements';
import { redisAnswers, redisServerInstalled, startPrivateRedis } from './embedded-redis';

const describeIfRedisServer = required('redis-server (apt-get install redis-server)', redisServerInstalled()) ? describe : describe.skip;

describeIfRedisServer('private redis-server', () => {
  it('starts on an ephemeral loopback port, answers, and goes away when killed', async () => {
    const { url, child } = await startPrivateRedis();
    try {
      expect(url).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);
      expect(url).not.toBe('redis://127.0.0.1:6379');
      expect(await redisAnswers(url)).toBe(true);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    expect(await redisAnswers(url, 300)).toBe(false);
  });
});
