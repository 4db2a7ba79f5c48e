import AFHistory
import ArgumentParser

// The history's enums parse straight from flags (`--phase ttfb`, `--by test`, `--history-detail all`).
extension TimingPhase: ExpressibleByArgument {}
extension HistoryDetail: ExpressibleByArgument {}
extension TrendGrouping: ExpressibleByArgument {}
