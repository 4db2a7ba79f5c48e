// Intentionally empty: CLinuxNet is header-only; SwiftPM needs one source file per C target.
