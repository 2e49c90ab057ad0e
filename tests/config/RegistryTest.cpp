// The generic registry behind every policy kind: names in registration order, factories called
// with the kind's arguments, unknown names refused with the known ones.
#include <catch2/catch.hpp>

#include <memory>
#include <stdexcept>

#include "config/Registry.h"

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
