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
// A Scene holds it as one entry: its seam y = 1 (0 < x < 1) is inside it, the notch is not.
const scene = new c2d.Scene();
scene.add(c2d.circle(0, 0, 1));
scene.add(c2d.aabb(0.5, 0, 3, 1));
const id = scene.add(ell); // the scene keeps its own copy
ell.dispose(); // frees its wasm memory
console.log(Array.from(scene.hitTest(0.5, 1, { excludeTouching: true }))); // [ 2 ]
console.log(scene.select(c2d.aabb(2, 1.5, 3.5, 2.5)).length); // 0: a marquee in the notch

// The scene as the library's binary scene file, and back.
const bytes = scene.save(); // a Uint8Array
const again = c2d.Scene.load(bytes);
console.log(again.save().every((byte, i) => byte === bytes[i])); // true: the same bytes
const back = again.polygon(id); // a SimplePolygon (shape(id) throws for one)
console.log(again.isPolygon(id), back.area); // true 6
console.log(again.overlappingPairs().length / 2); // 3: the circle, the box and the L pairwise
back.dispose();
scene.dispose();
again.dispose();
