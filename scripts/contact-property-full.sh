#!/usr/bin/env bash
# The full contact property run (issue 3): 50000 seeded random cases per query, per shape pair
# (both argument orders) and per scalar type, float and double, for penetration, collide,
# distance, contains / contains_strictly, intersection_area / iou and shape_cast, against the
# exact reference; lattice and constructed cases come on top (a fifth of that). The test command
# (scripts/test.sh, through ctest) runs the same tests with fewer cases:
# COLLIDE2D_CONTACT_PROPERTY_CASES, 3000 in release and 1250 under the sanitizers.
# Takes about 4 minutes of one core in release.
# Usage: scripts/contact-property-full.sh [preset, default release] [extra GoogleTest flags]
# Another count: COLLIDE2D_CONTACT_PROPERTY_CASES=200000 scripts/contact-property-full.sh
set -euo pipefail
cd "$(dirname "$0")/.."

preset=${1:-release}
shift || true
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" --target collide2d_contact_property_tests
unset COLLIDE2D_PROPERTY_CASES  # only COLLIDE2D_CONTACT_PROPERTY_CASES counts here
export COLLIDE2D_CONTACT_PROPERTY_CASES=${COLLIDE2D_CONTACT_PROPERTY_CASES:-50000}
echo "== contact property tests, $COLLIDE2D_CONTACT_PROPERTY_CASES random cases per query, pair and type"
"build/$preset/tests/property/collide2d_contact_property_tests" --gtest_brief=1 "$@"
