import AFHistory
import ArgumentParser

// The history's enums parse straight from flags (`--phase ttfb`, `--by test`).
extension TimingPhase: ExpressibleByArgument {}
extension TrendGrouping: ExpressibleByArgument {}
