#include "warpsim/cache/WritePolicyPath.h"

namespace warpsim {

WritePolicy WritePolicyPath::policyFor(const GpuRequest& r) const {
  if (configured_ != WritePolicy::LocalWbGlobalEvict) return configured_;
  return r.space == ReqSpace::Local ? WritePolicy::WriteBack : WritePolicy::WriteEvict;
}

WritePolicyPath::Path WritePolicyPath::pathOf(const GpuRequest& r, bool writes) const {
  const WritePolicy wp = policyFor(r);
  if (r.kind == ReqKind::Atomic)
    return wp == WritePolicy::WriteBack ? Path::WriteBack : Path::AtomicBelow;
  if (!writes) return Path::Read;
  switch (wp) {
    case WritePolicy::WriteBack:
      return Path::WriteBack;
    case WritePolicy::WriteThrough:
      return Path::WriteThrough;
    default:
      return Path::WriteEvict;
  }
}

CacheAccessKind WritePolicyPath::kindOf(const GpuRequest& r, bool writes) const {
  const WritePolicy wp = policyFor(r);
  if (r.kind == ReqKind::Atomic)
    return wp == WritePolicy::WriteBack ? CacheAccessKind::StoreAllocate : CacheAccessKind::Atomic;
  if (!writes) return CacheAccessKind::Load;
  if (wp == WritePolicy::WriteBack && !r.has(GpuRequest::kNoAllocate))
    return CacheAccessKind::StoreAllocate;
  return wp == WritePolicy::WriteThrough || wp == WritePolicy::WriteBack
             ? CacheAccessKind::StoreAround
             : CacheAccessKind::StoreEvict;
}

}  // namespace warpsim
