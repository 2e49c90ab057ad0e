namespace warpsim {
const char* version() { return "0.1.0"; }
}  // namespace warpsim
