import loadCollide2d from "collide2d";

const c2d = await loadCollide2d();

// An L: a 4 x 1 bar with a 1 x 2 arm on its left end; the notch is the corner from (1, 1) to (4, 3).
const ell = c2d.simplePolygon([[0, 0], [4, 0], [4, 1], [1, 1], [1, 3], [0, 3]]);
console.log(ell.area); // 6
console.log(c2d.contains(ell, c2d.point(3, 2))); // false: the notch is outside
console.log(c2d.overlaps(c2d.aabb(1, 1, 3, 2), ell)); // true: touching its edges counts
const spans = c2d.raycastSpans(c2d.ray(-0.5, 2.5, 1, -0.5), ell); // through the arm, then the bar
console.log(spans.map((s) => `${s.tEnter} to ${s.tExit}`).join(", ")); // 0.5 to 1.5, 3 to 4.5
console.log(c2d.iou(ell, c2d.aabb(0, 0, 4, 3))); // 0.5
ell.dispose(); // frees its wasm memory

// A scene as the library's binary scene file, and back.
const scene = new c2d.Scene();
scene.add(c2d.circle(0, 0, 1));
scene.add(c2d.aabb(0.5, 0, 3, 1));
const bytes = scene.save(); // a Uint8Array
const again = c2d.Scene.load(bytes);
console.log(again.save().every((byte, i) => byte === bytes[i])); // true: the same bytes
console.log(Array.from(again.overlappingPairs())); // [ 0, 1 ]
scene.dispose();
again.dispose();
