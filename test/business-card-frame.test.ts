import { describe, expect, test } from "vitest";
import { startingFrame } from "~/features/contacts/business-cards";

describe("the crop dialog's first frame", () => {
  test("a 3:2 card shown whole is framed whole: saving without adjusting cuts nothing off", () => {
    expect(startingFrame({ x: 10, y: 20, width: 600, height: 400 })).toEqual({ x: 10, y: 20, width: 600, height: 400 });
  });

  test("a wider or a taller image gets the largest centred 3:2 frame inside it", () => {
    expect(startingFrame({ x: 0, y: 0, width: 800, height: 400 })).toEqual({ x: 100, y: 0, width: 600, height: 400 });
    expect(startingFrame({ x: 0, y: 0, width: 300, height: 600 })).toEqual({ x: 0, y: 200, width: 300, height: 200 });
  });
});
