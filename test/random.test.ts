import { describe, expect, test } from "vitest";
import { randomText } from "~/lib/random.server";

describe("randomText", () => {
  test("gives the bytes asked for, in the encoding asked for", () => {
    expect(randomText(32)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomText(16, "base64")).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(randomText(8, "hex")).toMatch(/^[0-9a-f]{16}$/);
  });

  test("never repeats, across many refills of its pool and for sizes larger than it", () => {
    const seen = new Set<string>();
    // 2,000 × 16 + 2,000 × 32 bytes: the 4 KB pool is refilled about 24 times, and some draws
    // do not fit what is left of it.
    for (let n = 0; n < 2000; n++) {
      seen.add(randomText(16, "hex"));
      seen.add(randomText(32, "hex"));
    }
    seen.add(randomText(5000, "hex"));
    expect(seen.size).toBe(4001);
    expect(randomText(5000, "hex")).toHaveLength(10_000);
  });

  test("its bytes are spread evenly (each byte value about as often as the others)", () => {
    const counts = new Array<number>(256).fill(0);
    for (let n = 0; n < 2048; n++) for (const byte of Buffer.from(randomText(32, "hex"), "hex")) counts[byte]++;
    // 65,536 bytes: 256 of each value expected; a pool handed out twice, or zeroed bytes handed
    // out, would pile up far beyond these bounds.
    expect(Math.min(...counts)).toBeGreaterThan(160);
    expect(Math.max(...counts)).toBeLessThan(360);
  });
});
