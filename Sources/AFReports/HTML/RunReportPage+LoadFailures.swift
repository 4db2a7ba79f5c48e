extension RunReportPage {
    /// The suite files that did not load, before the charts: their tests never ran, so nothing else on the page
    /// shows them. Each problem with its place, message and fix, as `afrun validate` prints it.
    func unloadedSuites(into page: inout HTMLPage) {
        guard !loadFailures.isEmpty else { return }
        let files = SuiteLoadFailure.byFile(loadFailures)
        page.raw("<section id=\"unloaded\"><h2>Suites that did not load (\(files.count))</h2>")
        page.raw("<p class=\"muted\">Their tests did not run; the run exits with status 2.</p>")
        for group in files {
            page.raw("<section class=\"failure error\"><h3><span class=\"st error\">not loaded</span> ")
            page.element("span", group.file, class: "mono")
            page.raw("</h3>")
            for failure in group.failures {
                page.element("div", failure.message, class: "message")
                var facts = [failure.place]
                if let fix = failure.fix { facts.append("fix: " + fix) }
                page.element("div", facts.joined(separator: " · "), class: "facts mono")
            }
            page.raw("</section>")
        }
        page.raw("</section>")
    }
}
