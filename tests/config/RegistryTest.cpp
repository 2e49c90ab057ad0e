// The generic registry behind every policy kind: names in registration order, factories called
// with the kind's arguments, unknown names refused with the known ones.
#include <catch2/catch.hpp>

#include <memory>
#include <stdexcept>

#include "warpsim/config/Registry.h"

using namespace warpsim;

namespace {

struct Shape {
  virtual ~Shape() = default;
  virtual int area() const = 0;
};
struct Rect : Shape {
  Rect(int w, int h) : w(w), h(h) {}
  int area() const override { return w * h; }
  int w, h;
};
using ShapeRegistry = Registry<Shape, int, int>;

ShapeRegistry shapes() {
  ShapeRegistry r("shape.kind", "shape");
  r.add("rect", "w x h", [](int w, int h) { return std::make_unique<Rect>(w, h); });
  r.add("square", "w x w", [](int w, int) { return std::make_unique<Rect>(w, w); });
  return r;
}

}  // namespace

TEST_CASE("registry: creates by name with the kind's arguments, names in registration order") {
  const ShapeRegistry r = shapes();
  CHECK(r.names() == std::vector<std::string>{"rect", "square"});
  CHECK(r.create("rect", 2, 3)->area() == 6);
  CHECK(r.create("square", 2, 3)->area() == 4);
  CHECK(r.description("square") == "w x w");
  CHECK(r.contains("rect"));
  CHECK_FALSE(r.contains("circle"));
}

TEST_CASE("registry: an unknown name is a ConfigError naming the option and the known names") {
  const ShapeRegistry r = shapes();
  CHECK_THROWS_AS(r.create("circle", 1, 1), ConfigError);
  CHECK_THROWS_WITH(r.create("circle", 1, 1),
                    "shape.kind = 'circle': unknown shape; known: rect, square");
  CHECK_THROWS_AS(r.description("circle"), std::out_of_range);
}

TEST_CASE("registry: a name registered twice is a programming error") {
  ShapeRegistry r = shapes();
  CHECK_THROWS_WITH(r.add("rect", "again", nullptr), "shape 'rect' registered twice");
}

TEST_CASE("registry: a near miss gets a did-you-mean, a far one only the known names") {
  const ShapeRegistry r = shapes();
  CHECK(r.unknown("sqare") ==
        "shape.kind = 'sqare': unknown shape; did you mean: square? "
        "known: rect, square");
  CHECK(r.unknown("triangle") == "shape.kind = 'triangle': unknown shape; known: rect, square");
}

namespace {

// A shape with an option of its own: `frame.width` (default 1, 0 .. 10) added around it.
ShapeRegistry shapesWithFrame(int* loads) {
  ShapeRegistry r = shapes();
  r.addWithOptions(
      "framed", "w x h with a frame of frame.width on every side",
      [](ConfigSchema& s) { s.addInt("frame.width", 1, "frame around the shape", 0, 10); },
      [loads](const Config& c) {
        ++*loads;
        return static_cast<int>(c.getInt("frame.width"));
      },
      [](int frame, int w, int h) { return std::make_unique<Rect>(w + 2 * frame, h + 2 * frame); });
  return r;
}

}  // namespace

TEST_CASE("registry: an entry's own options join the schema and are read once per configure") {
  int loads = 0;
  ShapeRegistry r = shapesWithFrame(&loads);
  CHECK(loads == 1);                              // the declared defaults, at add()
  CHECK(r.create("framed", 2, 3)->area() == 20);  // (2+2) x (3+2)

  ConfigSchema schema;
  r.declareOptions(schema);
  REQUIRE(schema.find("frame.width") != nullptr);
  CHECK(schema.find("frame.width")->defaultText == "1");
  CHECK(schema.options().size() == 1);  // the entries without options declare nothing

  Config config(schema);
  config.setAssignment("frame.width=3");
  CHECK_THROWS_WITH(config.setAssignment("frame.width=11"), Catch::Contains("frame.width = '11'"));
  r.configure(config);
  CHECK(loads == 2);
  CHECK(r.create("framed", 2, 3)->area() == 8 * 9);
  CHECK(r.create("framed", 1, 1)->area() == 7 * 7);
  CHECK(loads == 2);  // instances reuse the loaded value
  CHECK(r.create("rect", 2, 3)->area() == 6);
}
