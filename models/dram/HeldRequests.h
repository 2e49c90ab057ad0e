#pragma once
// The requests a memory channel holds back (END_REQ withheld) while its queue is full: at most
// one per requester, since the base protocol allows each initiator one open BEGIN_REQ. Several
// requesters may share a channel (the L2 slice, a host's HostPort); release() takes them in
// rotating order, so that none waits for ever behind another.
#include <cstddef>
#include <vector>

#include <tlm>

namespace warpsim {

class HeldRequests {
 public:
  struct Request {
    tlm::tlm_generic_payload* payload = nullptr;
    int port = 0;
  };

  void hold(int port, tlm::tlm_generic_payload& p) {
    if (static_cast<std::size_t>(port) >= byPort_.size()) byPort_.resize(port + 1);  // once
    byPort_[port] = &p;
    ++count_;
  }
  bool empty() const { return count_ == 0; }
  std::size_t size() const { return count_; }
  // The next held request after the last one released; empty() must be false.
  Request release() {
    for (;;) {
      const std::size_t port = next_++ % byPort_.size();
      if (tlm::tlm_generic_payload* p = byPort_[port]) {
        byPort_[port] = nullptr;
        --count_;
        return Request{p, static_cast<int>(port)};
      }
    }
  }

 private:
  std::vector<tlm::tlm_generic_payload*> byPort_;
  std::size_t next_ = 0, count_ = 0;
};

}  // namespace warpsim
