import NIOHTTP1
import Testing
@testable import TLSAudit

@Suite("Security header grades")
struct SecurityHeadersTests {
    private func grade(_ name: String, _ fields: [(String, String)]) -> HeaderGrade {
        SecurityHeaders.grade(HTTPResponseSummary(status: 200, headers: HTTPHeaders(fields))).first { $0.header == name }!
    }

    @Test("HSTS: two years with includeSubDomains and preload is good; each gap is named")
    func hsts() {
        let name = "Strict-Transport-Security"
        #expect(grade(name, [(name, "max-age=63072000; includeSubDomains; preload")]).status == .good)
        #expect(grade(name, [(name, "MAX-AGE=\"15552000\" ; INCLUDESUBDOMAINS;preload")]).status == .good)
        let short = grade(name, [(name, "max-age=15551999; includeSubDomains; preload")])
        #expect(short.status == .weak && short.notes == ["max-age is 179 days; 180 days or more keeps returning visitors protected"])
        let bare = grade(name, [(name, "includeSubDomains")])
        #expect(bare.notes.first == "no valid max-age, so browsers ignore the header")
        #expect(grade(name, []).status == .missing)
    }

    @Test("CSP: unsafe-inline is forgiven with a nonce or hash; eval, wildcards and a missing object-src are not")
    func csp() {
        let name = "Content-Security-Policy"
        #expect(grade(name, [(name, "default-src 'self'")]).status == .good)
        #expect(grade(name, [(name, "script-src 'nonce-abc' 'unsafe-inline'; object-src 'none'")]).status == .good)
        let weak = grade(name, [(name, "script-src 'unsafe-inline' 'unsafe-eval' https: data:")])
        #expect(weak.notes == [
            "'unsafe-inline' lets any injected inline script run",
            "'unsafe-eval' lets scripts turn strings into code (eval)",
            "https: data: lets scripts load from any site",
            "no object-src or default-src, so plugin content may load from anywhere",
        ])
        #expect(grade(name, [(name, "img-src *")]).notes == ["no script-src or default-src, so scripts from anywhere may run"])
        let reportOnly = grade(name, [("Content-Security-Policy-Report-Only", "default-src 'self'")])
        #expect(reportOnly.status == .missing && reportOnly.notes[0].contains("Report-Only policy only reports"))
    }

    @Test("framing: DENY, SAMEORIGIN or CSP frame-ancestors pass; ALLOW-FROM and frame-ancestors * do not")
    func framing() {
        let name = "X-Frame-Options"
        #expect(grade(name, [(name, "deny")]).status == .good)
        #expect(grade(name, [(name, "SAMEORIGIN")]).status == .good)
        #expect(grade(name, [(name, "ALLOW-FROM https://a.example")]).status == .weak)
        #expect(grade(name, [("Content-Security-Policy", "default-src 'self'; frame-ancestors 'self'")]).status == .good)
        #expect(grade(name, [("Content-Security-Policy", "default-src 'self'; frame-ancestors *")]).status == .weak)
        #expect(grade(name, []).status == .missing)
    }

    @Test("Referrer-Policy: the last value of a fallback list is the one judged")
    func referrer() {
        let name = "Referrer-Policy"
        #expect(grade(name, [(name, "no-referrer")]).status == .good)
        #expect(grade(name, [(name, "unsafe-url, strict-origin-when-cross-origin")]).status == .good)
        #expect(grade(name, [(name, "strict-origin, unsafe-url")]).status == .weak)
        #expect(grade(name, [(name, "no-referrer-when-downgrade")]).status == .weak)
    }

    @Test("X-Content-Type-Options takes nosniff in any case; Permissions-Policy only needs to be there")
    func others() {
        #expect(grade("X-Content-Type-Options", [("X-Content-Type-Options", " NoSniff ")]).status == .good)
        #expect(grade("X-Content-Type-Options", [("X-Content-Type-Options", "sniff")]).status == .weak)
        #expect(grade("Permissions-Policy", [("Permissions-Policy", "camera=()")]).status == .good)
        #expect(grade("Permissions-Policy", []).status == .missing)
    }
}
