import { ObjectMemory } from './object-memory';

const object = (size: number) => ({ body: Buffer.alloc(size), contentType: 'image/webp', metadata: { sha256: `sha256:${size}` } });

describe('ObjectMemory', () => {
  it('keeps objects within the byte budget, the least recently used leaving first', () => {
    const memory = new ObjectMemory(100, 60);
    memory.put('a', object(40));
    memory.put('b', object(40));
    expect(memory.get('a')?.body.length).toBe(40); // a is now the newest
    memory.put('c', object(40));
    expect([memory.get('a') !== undefined, memory.get('b'), memory.get('c') !== undefined]).toEqual([true, undefined, true]);
    expect(memory.byteSize).toBe(80);
  });

  it('never keeps an object larger than largestBytes, and replaces an object under the same key', () => {
    const memory = new ObjectMemory(100, 60);
    memory.put('big', object(61));
    expect(memory.get('big')).toBeUndefined();
    memory.put('a', object(10));
    memory.put('a', object(20));
    expect([memory.get('a')?.body.length, memory.byteSize]).toEqual([20, 20]);
  });
});
