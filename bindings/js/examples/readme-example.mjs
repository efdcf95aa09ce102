import loadCollide2d from "collide2d";

const c2d = await loadCollide2d(); // loads the WebAssembly once

// Shapes are frozen objects made by checked constructors (y up, radians counter-clockwise).
const card = c2d.obb(100, 100, 80, 40, Math.PI / 6); // centre, width, height, angle
const ball = c2d.circle(150, 100, 10);
const tile = c2d.aabb(0, 0, 50, 50); // minX, minY, maxX, maxY
const next = c2d.rect(50, 0, 50, 50); // left, top, width, height: shares tile's right edge

console.log(c2d.overlaps(tile, next)); // true: shapes that only touch overlap
console.log(c2d.overlaps(card, ball)); // true

const hit = c2d.raycast(c2d.ray(-10, 25, 1, 0), tile); // origin, direction
console.log(hit.tEnter, hit.normal.x, hit.normal.y); // 10 -1 0

// A Scene indexes many shapes: marquee selection, hit tests, ray casts, pairs.
const scene = new c2d.Scene();
const cardId = scene.add(card, "card"); // any user data
scene.add(ball, "ball");
scene.add(c2d.aabb(300, 0, 400, 50), "crate");

const marquee = c2d.aabb(40, 40, 145, 160);
const touched = scene.select(marquee).length; // "intersects" by default
const inside = scene.select(marquee, "contains").length;
console.log(`touched ${touched}, inside ${inside}`); // touched 2, inside 1

const names = (ids) => Array.from(ids, (id) => scene.userData(id)).join(", ");
console.log(names(scene.hitTest(141, 103))); // ball, card (topmost first: the later one)
scene.setZ(cardId, 1);
console.log(names(scene.hitTest(141, 103))); // card, ball

const first = scene.raycastClosest(c2d.ray(0, 25, 1, 0));
console.log(scene.userData(first.id), first.tEnter); // crate 300
console.log(scene.overlappingPairs().length / 2); // 1 pair: card and ball

scene.dispose(); // frees the scene's wasm memory
