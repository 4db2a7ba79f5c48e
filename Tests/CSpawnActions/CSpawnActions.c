// Intentionally empty: CSpawnActions is header-only; SwiftPM needs one source file per C target.
