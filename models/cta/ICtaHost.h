#pragma once
#include "warpsim/workload/KernelDesc.h"

namespace warpsim {

// An SM as the CTA dispatcher sees it.
class ICtaHost {
 public:
  virtual ~ICtaHost() = default;
  // Starts CTA `cta` of `kernel`; the dispatcher has checked that it fits.
  virtual void launchCta(const KernelDesc& kernel, CtaId cta) = 0;
};

// The dispatcher as an SM sees it.
class ICtaListener {
 public:
  virtual ~ICtaListener() = default;
  // A CTA on `sm` finished: its warps retired and its resources are free again.
  virtual void ctaFinished(SmId sm) = 0;
};

}  // namespace warpsim
