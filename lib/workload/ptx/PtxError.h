#pragma once
// A PTX file the front-end cannot take: "FILE:LINE: what; got 'TOKEN'". A ConfigError, so the
// platforms report it as a user error.
#include <string>

#include "warpsim/config/ConfigSchema.h"

namespace warpsim::ptx {

class PtxError : public ConfigError {
 public:
  using ConfigError::ConfigError;
};

}  // namespace warpsim::ptx
