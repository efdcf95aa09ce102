// obbFrom, obbFromQuad, polygonFromQuad (box_formats.hpp): the worked example of the header on
// paper in each of the four conventions, exact quarter turns, an independent reference (the
// header's table of width axes, computed here in JS) on seeded random boxes, quadrilaterals in
// both windings and frames, and bad input refused with the value named.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load, softly } from "./helpers.mjs";

const c2d = await load();

const near = (a, b, tol, label) => assert.ok(Math.abs(a - b) <= tol, `${label}: ${a} vs ${b}`);

test("the header's worked example: w 10, h 5, 36.87 degrees (cos 0.8, sin 0.6) in each convention", () => {
  const deg = (Math.atan2(3, 4) * 180) / Math.PI;
  // [convention, expected (cos, sin) of the Obb built in the library's y-up frame]
  const cases = [
    [{ degrees: true }, 0.8, 0.6],
    [{ degrees: true, winding: "cw" }, 0.8, -0.6],
    [{ degrees: true, frame: "y_down", winding: "cw" }, 0.8, -0.6],
    ["opencv", 0.8, -0.6],
    [{ degrees: true, frame: "y_down" }, 0.8, 0.6],
    ["detectron2", 0.8, 0.6],
  ];
  for (const [convention, cos, sin] of cases) {
    const box = c2d.obbFrom(0, 0, 10, 5, deg, convention);
    const label = JSON.stringify(convention);
    assert.equal(box.kind, "obb");
    near(box.cos, cos, 1e-15, `${label} cos`);
    near(box.sin, sin, 1e-15, `${label} sin`);
    assert.equal(box.width, 10, label);
    assert.equal(box.height, 5, label);
  }
  // The same five numbers in OpenCV's and detectron2's conventions are mirror images.
  const cv = c2d.obbFrom(3, 4, 10, 5, deg, "opencv");
  const d2 = c2d.obbFrom(3, 4, 10, 5, deg, "detectron2");
  assert.deepEqual([cv.x, cv.y, d2.x, d2.y], [3, -4, 3, -4], "a y-down centre (cx, cy) is (cx, -cy)");
  assert.equal(cv.cos, d2.cos);
  assert.equal(cv.sin, -d2.sin);
});

test("quarter turns in degrees are exact; the library's own preset is obb()", () => {
  const a = c2d.obbFrom(1, 2, 4, 2, 90, "opencv");
  assert.deepEqual([a.x, a.y, a.cos, a.sin], [1, -2, 0, -1]);
  const b = c2d.obbFrom(1, 2, 4, 2, -270, { degrees: true });
  assert.deepEqual([b.cos, b.sin], [0, 1]);
  const c = c2d.obbFrom(1, 2, 4, 2, 0.7, "collide2d");
  const d = c2d.obb(1, 2, 4, 2, 0.7);
  assert.deepEqual([c.x, c.y, c.width, c.height, c.cos, c.sin], [d.x, d.y, d.width, d.height, d.cos, d.sin]);
  assert.equal(c2d.overlaps(c2d.obbFrom(0, 0, 2, 2, 180, "detectron2"), c2d.point(1, -1)), true, "corners kept exactly");
});

test("seeded random boxes against the header's table of width axes, every convention", () => {
  let seed = 11;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  // The width axis in the frame's own coordinates (table in box_formats.hpp), then y mirrored for
  // a y-down frame to give the library's (y up) rotation.
  const reference = (theta, yDown, cw) => {
    const ax = Math.cos(theta);
    const ay = (yDown ? !cw : cw) ? -Math.sin(theta) : Math.sin(theta);
    return yDown ? [ax, -ay] : [ax, ay];
  };
  let checked = 0;
  for (const degrees of [false, true]) {
    for (const frame of ["y_up", "y_down"]) {
      for (const winding of ["ccw", "cw"]) {
        for (let k = 0; k < 200; ++k) {
          const [cx, cy, w, h] = [random() * 200 - 100, random() * 200 - 100, random() * 50, random() * 50];
          const angle = degrees ? random() * 720 - 360 : random() * 12 - 6;
          const box = c2d.obbFrom(cx, cy, w, h, angle, { degrees, frame, winding });
          const [cos, sin] = reference(degrees ? (angle * Math.PI) / 180 : angle, frame === "y_down", winding === "cw");
          const label = `${degrees} ${frame} ${winding} ${angle}`;
          assert.equal(box.x, cx, label);
          assert.equal(box.y, frame === "y_down" ? -cy : cy, label);
          near(box.cos, cos, 1e-14, `${label} cos`);
          near(box.sin, sin, 1e-14, `${label} sin`);
          near(box.width, w, 1e-14 * w, `${label} width`);
          near(box.height, h, 1e-14 * h, `${label} height`);
          ++checked;
        }
      }
    }
  }
  assert.equal(checked, 1600);
});

test("quadrilaterals: a rectangle in either winding and frame, and any convex quadrilateral", () => {
  // DOTA's order on an image: clockwise on screen from the top-left corner; y down.
  const dota = [0, 0, 4, 0, 4, 2, 0, 2];
  const box = c2d.obbFromQuad(dota, "y_down");
  assert.deepEqual([box.x, box.y, box.width, box.height, box.cos, box.sin], [2, -1, 4, 2, 1, 0]);
  // The same corners counter-clockwise, as points: the width still runs from corner 1 to 2.
  const ccw = c2d.obbFromQuad([{ x: 0, y: 0 }, { x: 0, y: 2 }, { x: 4, y: 2 }, { x: 4, y: 0 }], "y_up");
  assert.deepEqual([ccw.x, ccw.y, ccw.width, ccw.height], [2, 1, 2, 4]);
  assert.throws(() => c2d.obbFromQuad([0, 0, 4, 0, 5, 2, 0, 2], "y_up"), RangeError, "not a rectangle");
  // A kite, given clockwise in y up: the polygon comes back counter-clockwise, same corners.
  const kite = c2d.polygonFromQuad([0, 0, -1, 2, 0, 5, 1, 2], "y_up");
  assert.equal(kite.kind, "polygon");
  const v = Array.from(kite.vertices);
  assert.equal(v.length, 8);
  let twiceArea = 0;
  for (let i = 0; i < 4; ++i) twiceArea += v[2 * i] * v[(2 * i + 3) % 8] - v[(2 * i + 2) % 8] * v[2 * i + 1];
  assert.equal(twiceArea, 10, "counter-clockwise, area 5");
  const corners = (flat) => [0, 1, 2, 3].map((i) => `${flat[2 * i]},${flat[2 * i + 1]}`).sort();
  assert.deepEqual(corners(v), corners([0, 0, -1, 2, 0, 5, 1, 2]));
  // In y down, the same numbers are the mirror image.
  assert.deepEqual(corners(Array.from(c2d.polygonFromQuad([0, 0, -1, 2, 0, 5, 1, 2], "y_down").vertices)),
    corners([0, 0, -1, -2, 0, -5, 1, -2]));
});

test("bad conventions and numbers are refused with the value named, never a trap", () => {
  softly((check) => {
    check(() => c2d.obbFrom(0, 0, 1, 1, 0), TypeError, "name the convention");
    check(() => c2d.obbFrom(0, 0, 1, 1, 0, "cv2"), RangeError, "cv2", "opencv");
    check(() => c2d.obbFrom(0, 0, 1, 1, 0, 3), TypeError, "options");
    check(() => c2d.obbFrom(0, 0, 1, 1, 0, { convention: "opencv", degrees: true }), TypeError, "do not pass them too");
    check(() => c2d.obbFrom(0, 0, 1, 1, 0, { degrees: "yes" }), TypeError, "degrees");
    check(() => c2d.obbFrom(0, 0, 1, 1, 0, { frame: "down" }), RangeError, "down", "y_down");
    check(() => c2d.obbFrom(0, 0, 1, 1, 0, { winding: "clockwise" }), RangeError, "clockwise");
    check(() => c2d.obbFrom(0, 0, 1, 1, 0, { angle: "degrees" }), TypeError, "unknown option angle");
    check(() => c2d.obbFrom(0, 0, 1, 1, NaN, "opencv"), RangeError, "angle", "nan");
    check(() => c2d.obbFrom(0, 0, -1, 1, 0, "mmcv"), RangeError, "-1");
    check(() => c2d.obbFrom(0, "0", 1, 1, 0, "mmcv"), TypeError, "cy");
    check(() => c2d.obbFromQuad([0, 0, 1, 0, 1, 1], "y_up"), RangeError, "4 corners");
    check(() => c2d.obbFromQuad([0, 0, 1, 0, 1, 1, 0, 1]), TypeError, "frame");
    check(() => c2d.polygonFromQuad([0, 0, 1, 0, 1, 1, 0, 1], "down"), RangeError, "down");
    check(() => c2d.polygonFromQuad([0, 0, 1, 0, Infinity, 1, 0, 1], "y_up"), RangeError, "inf");
    check(() => c2d.polygonFromQuad([0, 0, 1, 1, 1, 0, 0, 1], "y_up"), RangeError);
  });
});
