import { freeSpot, overlaps, PLACEMENT, type Box } from "@/components/ui/toast-placement";

const area = { width: 1440, height: 900 };
const m = PLACEMENT.margin;
const size = { width: 420, height: 60 };
const box = (left: number, top: number, right: number, bottom: number): Box => ({ left, top, right, bottom });
const placed = (spot: { left: number; top: number }) =>
  box(spot.left, spot.top, spot.left + size.width, spot.top + size.height);

describe("freeSpot", () => {
  it("takes the bottom-right corner when nothing is there", () => {
    expect(freeSpot(area, size, [])).toEqual({ left: 1440 - 420 - m, top: 900 - 60 - m });
  });

  it("moves left along the bottom past a control in the corner", () => {
    const send = box(1300, 840, 1420, 880);
    const spot = freeSpot(area, size, [send])!;
    expect(spot.top).toBe(900 - 60 - m);
    expect(spot.left + size.width).toBeLessThanOrEqual(send.left - PLACEMENT.gap);
  });

  it("goes to the top edge when the bottom is taken, then further in", () => {
    const bottomRow = box(0, 820, 1440, 900);
    expect(freeSpot(area, size, [bottomRow])).toEqual({ left: 1440 - 420 - m, top: m });
    const topRow = box(0, 0, 1440, 80);
    const spot = freeSpot(area, size, [bottomRow, topRow])!;
    expect(spot.top).toBeLessThan(820 - 60);
    expect(spot.top).toBeGreaterThan(80);
    expect([bottomRow, topRow].some((taken) => overlaps(taken, placed(spot)))).toBe(false);
  });

  it("never overlaps a control it was told about, on a phone full of them", () => {
    const phone = { width: 390, height: 844 };
    const wide = { width: 390 - 2 * m, height: 56 };
    const controls = [
      box(8, 8, 40, 40),
      box(250, 8, 380, 40),
      box(16, 60, 200, 92),
      box(16, 640, 374, 720),
      box(16, 760, 150, 800),
    ];
    const spot = freeSpot(phone, wide, controls)!;
    expect(spot.left).toBe(m);
    const at = box(spot.left, spot.top, spot.left + wide.width, spot.top + wide.height);
    expect(controls.some((control) => overlaps(control, at))).toBe(false);
  });

  it("says so when there is no free place", () => {
    expect(freeSpot(area, size, [box(0, 0, 1440, 900)])).toBeNull();
  });
});
