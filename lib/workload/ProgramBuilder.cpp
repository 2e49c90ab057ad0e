#include "warpsim/workload/ProgramBuilder.h"

#include <stdexcept>
#include <string>
#include <utility>

namespace warpsim {

namespace {

constexpr std::uint32_t kPcStep = 8;

bool validAccessSize(std::uint8_t size) {
  return size == 1 || size == 2 || size == 4 || size == 8 || size == 16;
}

}  // namespace

ProgramBuilder& ProgramBuilder::compute(OpClass op, Reg dst, Srcs src) {
  ProgramNode node;
  node.op = op;
  node.dst = dst;
  addInst(node, src);
  return *this;
}

ProgramBuilder& ProgramBuilder::memory(MemOp op, MemSpace space, Reg dst, WarpAddrFn addr, Srcs src,
                                       std::uint8_t accessSize) {
  if (space == MemSpace::None) throw std::logic_error("ProgramBuilder: memory op without a space");
  if (!addr) throw std::logic_error("ProgramBuilder: memory op without an address function");
  if (!validAccessSize(accessSize)) {
    throw std::logic_error("ProgramBuilder: access size " + std::to_string(accessSize) +
                           " is not 1, 2, 4, 8 or 16 bytes");
  }
  if (op != MemOp::Store && dst == kNoReg) {
    throw std::logic_error("ProgramBuilder: a load or atomic needs a destination register");
  }
  ProgramNode node;
  node.op = OpClass::Mem;
  node.memOp = op;
  node.space = space;
  node.dst = dst;
  node.accessSize = accessSize;
  node.fn = static_cast<std::uint32_t>(prog_.addrFns.size());
  prog_.addrFns.push_back(std::move(addr));
  addInst(node, src);
  return *this;
}

ProgramBuilder& ProgramBuilder::barrier() {
  ProgramNode node;
  node.op = OpClass::Barrier;
  addInst(node, {});
  return *this;
}

ProgramBuilder& ProgramBuilder::loop(std::uint32_t trips, const Body& body, Srcs cond) {
  return loopImpl(trips, ProgramNode::kNoFn, body, cond);
}

ProgramBuilder& ProgramBuilder::loop(TripFn trips, const Body& body, Srcs cond) {
  if (!trips) throw std::logic_error("ProgramBuilder: loop without a trip-count function");
  const auto fn = static_cast<std::uint32_t>(prog_.trips.size());
  prog_.trips.push_back(std::move(trips));
  return loopImpl(0, fn, body, cond);
}

ProgramBuilder& ProgramBuilder::loopImpl(std::uint32_t trips, std::uint32_t fn, const Body& body,
                                         Srcs cond) {
  if (loopDepth_ >= kMaxLoopDepth) {
    throw std::logic_error("ProgramBuilder: loops nested deeper than " +
                           std::to_string(kMaxLoopDepth));
  }
  ProgramNode enter;
  enter.kind = NodeKind::LoopEnter;
  enter.loopDepth = static_cast<std::uint8_t>(loopDepth_);
  enter.trips = trips;
  enter.fn = fn;
  const std::uint32_t enterIdx = addMarker(enter);

  enterNesting();
  ++loopDepth_;
  body(*this);
  --loopDepth_;
  --nesting_;

  ProgramNode back;
  back.kind = NodeKind::BackEdge;
  back.op = OpClass::Branch;
  back.loopDepth = static_cast<std::uint8_t>(loopDepth_);
  back.target = enterIdx + 1;
  const std::uint32_t backIdx = addInst(back, cond);
  prog_.nodes[backIdx].reconvergePc = prog_.nodes[backIdx].pc + kPcStep;
  prog_.nodes[enterIdx].target = backIdx + 1;
  return *this;
}

ProgramBuilder& ProgramBuilder::ifThen(LanePred pred, const Body& thenBody, Srcs cond) {
  return ifElse(std::move(pred), thenBody, Body{}, cond);
}

ProgramBuilder& ProgramBuilder::ifElse(LanePred pred, const Body& thenBody, const Body& elseBody,
                                       Srcs cond) {
  if (!pred) throw std::logic_error("ProgramBuilder: if without a predicate");
  ProgramNode branch;
  branch.kind = NodeKind::IfBranch;
  branch.op = OpClass::Branch;
  branch.fn = static_cast<std::uint32_t>(prog_.preds.size());
  prog_.preds.push_back(std::move(pred));
  const std::uint32_t branchIdx = addInst(branch, cond);

  enterNesting();
  if (thenBody) thenBody(*this);
  ProgramNode elseMark;
  elseMark.kind = NodeKind::Else;
  const std::uint32_t elseIdx = addMarker(elseMark);
  if (elseBody) elseBody(*this);
  --nesting_;

  ProgramNode endMark;
  endMark.kind = NodeKind::EndIf;
  const std::uint32_t endIdx = addMarker(endMark);
  prog_.nodes[branchIdx].target = elseIdx;
  prog_.nodes[elseIdx].target = endIdx;
  return *this;
}

std::shared_ptr<const SyntheticProgram> ProgramBuilder::build() {
  ProgramNode exit;
  exit.kind = NodeKind::Exit;
  exit.op = OpClass::Exit;
  addInst(exit, {});
  built_ = true;

  // Markers take the PC of the next instruction; the list ends with Exit, so one exists.
  for (std::size_t i = prog_.nodes.size() - 1; i-- > 0;) {
    ProgramNode& node = prog_.nodes[i];
    if (node.kind == NodeKind::LoopEnter || node.kind == NodeKind::Else ||
        node.kind == NodeKind::EndIf) {
      node.pc = prog_.nodes[i + 1].pc;
    }
  }
  for (ProgramNode& node : prog_.nodes) {
    if (node.kind == NodeKind::IfBranch) {
      node.reconvergePc = prog_.nodes[prog_.nodes[node.target].target].pc;
    }
  }
  return std::make_shared<const SyntheticProgram>(std::move(prog_));
}

std::uint32_t ProgramBuilder::addInst(ProgramNode node, Srcs src) {
  checkOpen();
  if (src.size() > kMaxSrcRegs) {
    throw std::logic_error("ProgramBuilder: more than " + std::to_string(kMaxSrcRegs) +
                           " source registers");
  }
  std::size_t i = 0;
  for (Reg r : src) {
    if (r == kNoReg) throw std::logic_error("ProgramBuilder: kNoReg used as a source register");
    node.src[i++] = r;
  }
  for (Reg r : node.src)
    if (r != kNoReg && r >= kMaxRegs) throw std::logic_error("ProgramBuilder: register above R255");
  if (node.dst != kNoReg && node.dst >= kMaxRegs)
    throw std::logic_error("ProgramBuilder: register above R255");
  node.pc = kPcStep * prog_.staticInsts++;
  prog_.nodes.push_back(node);
  return static_cast<std::uint32_t>(prog_.nodes.size() - 1);
}

std::uint32_t ProgramBuilder::addMarker(ProgramNode node) {
  checkOpen();
  prog_.nodes.push_back(node);
  return static_cast<std::uint32_t>(prog_.nodes.size() - 1);
}

void ProgramBuilder::enterNesting() {
  ++nesting_;
  if (nesting_ > prog_.maxNesting) prog_.maxNesting = nesting_;
}

void ProgramBuilder::checkOpen() const {
  if (built_) throw std::logic_error("ProgramBuilder: build() was already called");
}

}  // namespace warpsim
