#include "warpsim/workload/ptx/PtxCfg.h"

#include <algorithm>

namespace warpsim::ptx {
namespace {

bool endsPath(const Instr& in) {
  return in.op == Op::Ret || in.op == Op::Exit;
}
bool isJump(const Instr& in) {
  return in.op == Op::Bra;
}

std::uint32_t branchTarget(const Instr& in) {
  for (const Operand& o : in.ops)
    if (o.kind == Operand::Kind::Label) return o.index;
  return Cfg::kExit;
}

// Block leaders: the first instruction, every branch target, and whatever follows a branch,
// ret or exit.
std::vector<bool> leaders(const std::vector<Instr>& body) {
  std::vector<bool> lead(body.size() + 1, false);
  if (!body.empty()) lead[0] = true;
  for (std::size_t i = 0; i < body.size(); ++i) {
    if (isJump(body[i])) {
      const std::uint32_t t = branchTarget(body[i]);
      if (t < body.size()) lead[t] = true;
    }
    if (isJump(body[i]) || endsPath(body[i])) lead[i + 1] = true;
  }
  return lead;
}

// Immediate post-dominators by the iterative algorithm of Cooper, Harvey and Kennedy ("A
// Simple, Fast Dominance Algorithm", 2001) on the reversed graph, rooted at the virtual exit
// node `n` (index blocks.size()).
std::vector<std::uint32_t> postDominators(const std::vector<std::vector<std::uint32_t>>& succ) {
  const std::uint32_t n = static_cast<std::uint32_t>(succ.size());  // the exit node
  constexpr std::uint32_t kNone = 0xffffffffu;
  // Postorder of the reversed graph from the exit: predecessors in the reversed graph are
  // successors in the forward graph.
  std::vector<std::vector<std::uint32_t>> pred(n + 1);  // reversed-graph successors
  for (std::uint32_t b = 0; b < n; ++b)
    for (std::uint32_t s : succ[b]) pred[s == Cfg::kExit ? n : s].push_back(b);
  std::vector<std::uint32_t> order, number(n + 1, kNone);
  std::vector<std::pair<std::uint32_t, std::size_t>> stack{{n, 0}};
  std::vector<bool> seen(n + 1, false);
  seen[n] = true;
  while (!stack.empty()) {
    auto& [node, next] = stack.back();
    if (next < pred[node].size()) {
      const std::uint32_t p = pred[node][next++];
      if (!seen[p]) {
        seen[p] = true;
        stack.push_back({p, 0});
      }
    } else {
      number[node] = static_cast<std::uint32_t>(order.size());
      order.push_back(node);
      stack.pop_back();
    }
  }
  std::vector<std::uint32_t> ipdom(n + 1, kNone);
  ipdom[n] = n;
  auto intersect = [&](std::uint32_t a, std::uint32_t b) {
    while (a != b) {
      while (number[a] < number[b]) a = ipdom[a];
      while (number[b] < number[a]) b = ipdom[b];
    }
    return a;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      const std::uint32_t b = *it;
      if (b == n) continue;
      std::uint32_t idom = kNone;
      for (std::uint32_t s : succ[b]) {  // the reversed graph's predecessors
        const std::uint32_t v = s == Cfg::kExit ? n : s;
        if (ipdom[v] == kNone) continue;
        idom = idom == kNone ? v : intersect(v, idom);
      }
      if (idom != kNone && ipdom[b] != idom) {
        ipdom[b] = idom;
        changed = true;
      }
    }
  }
  return ipdom;  // kNone for blocks that never reach the exit (an endless loop)
}

}  // namespace

Cfg buildCfg(const Function& f) {
  const std::vector<Instr>& body = f.body;
  const std::vector<bool> lead = leaders(body);
  Cfg cfg;
  cfg.blockOf.resize(body.size());
  for (std::uint32_t i = 0; i < body.size(); ++i) {
    if (lead[i]) cfg.blockStart.push_back(i);
    cfg.blockOf[i] = static_cast<std::uint32_t>(cfg.blockStart.size() - 1);
  }
  const std::uint32_t blocks = static_cast<std::uint32_t>(cfg.blockStart.size());
  cfg.succ.resize(blocks);
  auto blockAt = [&](std::uint32_t i) { return i < body.size() ? cfg.blockOf[i] : Cfg::kExit; };
  for (std::uint32_t b = 0; b < blocks; ++b) {
    const std::uint32_t end =
        b + 1 < blocks ? cfg.blockStart[b + 1] : static_cast<std::uint32_t>(body.size());
    const Instr& last = body[end - 1];
    std::vector<std::uint32_t>& s = cfg.succ[b];
    if (isJump(last)) s.push_back(blockAt(branchTarget(last)));
    if (endsPath(last)) s.push_back(Cfg::kExit);
    if (!(isJump(last) || endsPath(last)) || last.hasGuard) s.push_back(blockAt(end));
    std::sort(s.begin(), s.end());
    s.erase(std::unique(s.begin(), s.end()), s.end());
  }
  const std::vector<std::uint32_t> ipdom = postDominators(cfg.succ);
  cfg.reconverge.assign(body.size(), Cfg::kExit);
  for (std::uint32_t b = 0; b < blocks; ++b) {
    const std::uint32_t end =
        b + 1 < blocks ? cfg.blockStart[b + 1] : static_cast<std::uint32_t>(body.size());
    const Instr& last = body[end - 1];
    if (!isJump(last) && !(endsPath(last) && last.hasGuard)) continue;
    const std::uint32_t p = ipdom[b];
    cfg.reconverge[end - 1] = p < blocks ? cfg.blockStart[p] : Cfg::kExit;
  }
  return cfg;
}

}  // namespace warpsim::ptx
