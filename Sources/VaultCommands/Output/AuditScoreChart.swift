/// The bar chart of `vault audit --html`: how many passwords have each strength score, as an
/// inline SVG (red for 0 to green for 4), with the counts written on the bars.
struct AuditScoreChart {
    /// Passwords per score, 0 to 4.
    let counts: [Int]

    private static let colours = ["#c62828", "#ef6c00", "#f9a825", "#7cb342", "#2e7d32"]
    private static let labels = ["very weak", "weak", "fair", "strong", "very strong"]

    func svg() -> String {
        let (width, height, barWidth, gap, top, bottom) = (400, 240, 56, 20, 30, 50)
        let largest = max(1, counts.max() ?? 0)
        let plotHeight = height - top - bottom
        var bars = ""
        for (score, count) in counts.enumerated() {
            let x = 30 + score * (barWidth + gap)
            let barHeight = count == 0 ? 0 : max(2, plotHeight * count / largest)
            let y = top + plotHeight - barHeight
            bars += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(barWidth)\" height=\"\(barHeight)\" fill=\"\(Self.colours[score])\" rx=\"3\"><title>score \(score): \(count)</title></rect>"
            bars += "<text x=\"\(x + barWidth / 2)\" y=\"\(y - 6)\" text-anchor=\"middle\" class=\"n\">\(count)</text>"
            bars += "<text x=\"\(x + barWidth / 2)\" y=\"\(height - bottom + 18)\" text-anchor=\"middle\">\(score)</text>"
            bars += "<text x=\"\(x + barWidth / 2)\" y=\"\(height - bottom + 34)\" text-anchor=\"middle\" class=\"l\">\(Self.labels[score])</text>"
        }
        let axis = "<line x1=\"24\" y1=\"\(top + plotHeight)\" x2=\"\(width - 6)\" y2=\"\(top + plotHeight)\" stroke=\"#9aa3ae\"/>"
        return """
            <figure class="chart"><svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" role="img" aria-label="Passwords by strength score">\
            <style>text{font:13px system-ui,sans-serif;fill:#1d232b}.n{font-weight:600}.l{font-size:11px;fill:#5b6472}</style>\
            \(axis)\(bars)</svg><figcaption>Passwords by strength score (0 worst, 4 best)</figcaption></figure>
            """
    }
}
