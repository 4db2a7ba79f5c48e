extension HTMLPage {
    /// The reports' style sheet. Filtering the test table by status is pure CSS (radio buttons and `:checked`),
    /// so it works with scripts off; only the name search needs the inline script. Failure sections are
    /// `content-visibility: auto` (the browser lays out only those near the screen; find-in-page still searches
    /// them) and the test table has a fixed layout (its column widths do not wait for 10,000 rows).
    static let styleSheet = """
        :root{--pass:#1a7f37;--fail:#cf222e;--err:#bc4c00;--skip:#6e7781;--ink:#1f2328;--muted:#59636e;\
        --line:#d1d9e0;--bg:#f6f8fa;--dns:#8b5cf6;--connect:#f59e0b;--tls:#ec4899;--wait:#3b82f6;\
        --download:#14b8a6}
        *{box-sizing:border-box}
        body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;\
        color:var(--ink);background:#fff}
        main{max-width:1280px;margin:0 auto;padding:20px 28px 48px}
        h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 10px;padding-bottom:6px;\
        border-bottom:1px solid var(--line)}h3{font-size:14px;margin:0 0 6px}
        .banner{display:flex;align-items:center;gap:12px;flex-wrap:wrap}
        .verdict{font-weight:600;padding:3px 10px;border-radius:12px;color:#fff;font-size:13px}
        .verdict.ok{background:var(--pass)}.verdict.bad{background:var(--fail)}\
        .verdict.stopped{background:var(--err)}
        .cards{display:flex;flex-wrap:wrap;gap:10px;margin:14px 0}
        .card{border:1px solid var(--line);border-radius:8px;padding:8px 14px;min-width:96px;background:var(--bg)}
        .card b{display:block;font-size:22px;font-variant-numeric:tabular-nums}
        .card span{color:var(--muted);font-size:12px;text-transform:uppercase;letter-spacing:.04em}
        .card.passed b{color:var(--pass)}.card.failed b{color:var(--fail)}.card.error b{color:var(--err)}\
        .card.skipped b{color:var(--skip)}
        dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 14px;margin:0;font-size:13px}
        dl.meta dt{color:var(--muted)}dl.meta dd{margin:0;overflow-wrap:anywhere}
        code,pre,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
        .charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(380px,1fr));gap:16px;align-items:start}
        figure{margin:0;border:1px solid var(--line);border-radius:8px;padding:10px 12px}
        figure.wide{grid-column:1/-1}figcaption{font-weight:600;margin-bottom:6px}
        svg{display:block;width:100%;height:auto}svg text{font:11px system-ui,sans-serif;fill:var(--muted)}
        .legend{display:flex;gap:14px;flex-wrap:wrap;font-size:12px;color:var(--muted);margin-top:6px}
        .legend i{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:4px;vertical-align:-1px}
        .controls{display:flex;flex-wrap:wrap;align-items:center;gap:6px;margin-bottom:8px}
        input.toggle{position:absolute;opacity:0;pointer-events:none}
        .controls label{border:1px solid var(--line);border-radius:14px;padding:2px 11px;cursor:pointer;\
        font-size:13px;background:#fff}
        .controls input[type=search]{margin-left:auto;padding:4px 9px;border:1px solid var(--line);\
        border-radius:6px;min-width:240px;font:inherit}
        #show-all:checked~.controls label[for=show-all],#show-failed:checked~.controls label[for=show-failed],\
        #show-error:checked~.controls label[for=show-error],#show-passed:checked~.controls label[for=show-passed],\
        #show-skipped:checked~.controls label[for=show-skipped]{background:var(--ink);color:#fff;border-color:var(--ink)}
        #show-failed:checked~table tbody tr:not(.s-failed),#show-error:checked~table tbody tr:not(.s-error),\
        #show-passed:checked~table tbody tr:not(.s-passed),#show-skipped:checked~table tbody tr:not(.s-skipped),\
        tr.nomatch{display:none}
        table{border-collapse:collapse;width:100%}
        th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #eaeef2;vertical-align:top;\
        overflow-wrap:anywhere}
        .st-note{color:var(--err);font-weight:600}
        th{font-size:12px;color:var(--muted);font-weight:600;background:var(--bg);position:sticky;top:0}
        td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
        table.results{table-layout:fixed}table.results td{vertical-align:middle;overflow-wrap:anywhere}
        col.c-st{width:96px}col.c-run{width:56px}col.c-dur{width:92px}col.c-ph{width:240px}table.results tbody tr:hover{background:#f6f8fa}
        .st{display:inline-block;min-width:58px;text-align:center;border-radius:10px;padding:0 7px;font-size:12px;\
        font-weight:600;color:#fff}
        .st.passed{background:var(--pass)}.st.failed{background:var(--fail)}.st.error{background:var(--err)}\
        .st.skipped{background:var(--skip)}
        .pb{display:flex;width:220px;height:10px;background:#eef1f4;border-radius:2px;overflow:hidden}
        .pb i{display:block;height:100%}
        .dns{background:var(--dns)}.connect{background:var(--connect)}.tls{background:var(--tls)}\
        .wait{background:var(--wait)}.download{background:var(--download)}
        section.failure{border:1px solid var(--line);border-left:4px solid var(--fail);border-radius:6px;\
        margin:10px 0;padding:8px 12px;content-visibility:auto;contain-intrinsic-size:auto 360px}
        section.failure.error{border-left-color:var(--err)}
        section.failure h3{margin:0;font-size:14px}
        section.failure .where{color:var(--muted);font-weight:400;margin-left:6px}
        .facts{color:var(--muted);margin:6px 0}.facts b{color:var(--ink);font-weight:600}
        .message{background:#fff1f0;border-radius:4px;padding:6px 9px;margin:6px 0;white-space:pre-wrap;\
        overflow-wrap:anywhere}
        table.asserts{margin:6px 0;font-size:13px}table.asserts td{overflow-wrap:anywhere}
        table.asserts tr.bad td:first-child{color:var(--fail);font-weight:700}
        table.asserts tr.good td:first-child{color:var(--pass)}
        pre{background:var(--bg);border:1px solid #eaeef2;border-radius:4px;padding:8px 10px;margin:4px 0;\
        white-space:pre-wrap;overflow-wrap:anywhere;max-height:420px;overflow:auto}
        pre .add{color:#116329;background:#dafbe1;display:block}pre .del{color:#82071e;background:#ffebe9;display:block}
        .exchange{display:grid;grid-template-columns:repeat(auto-fit,minmax(340px,1fr));gap:10px}
        .clip{color:var(--muted);font-style:italic}
        .muted{color:var(--muted)}.empty{color:var(--muted);font-style:italic}
        .bars td{padding:3px 8px}
        .b-passed{fill:#4ac26b}.b-failed{fill:var(--fail)}.b-error{fill:var(--err)}.b-skipped{fill:var(--skip)}
        .f-dns{fill:var(--dns)}.f-connect{fill:var(--connect)}.f-tls{fill:var(--tls)}.f-wait{fill:var(--wait)}\
        .f-download{fill:var(--download)}.f-bin{fill:#54aeff}.f-p95{fill:none;stroke:#9a6700;stroke-dasharray:3 2}
        .axis{stroke:#d1d9e0;stroke-width:1}.grid{stroke:#eef1f4;stroke-width:1}
        .band{fill:#ddf4ff}.spark{fill:none;stroke:#0969da;stroke-width:1.5}.p95line{fill:none;stroke:#9a6700;\
        stroke-width:1;stroke-dasharray:3 2}
        @media (prefers-reduced-motion:no-preference){html{scroll-behavior:smooth}}
        """
}
