/// Grades the response headers that protect a site's users, each on its own, with the risk when
/// one is missing or weak. The rules follow the OWASP Secure Headers Project and MDN.
enum SecurityHeaders {
    /// 180 days, the least max-age HSTS preload lists and scanners accept.
    static let minimumHSTSAge = 180 * 86_400

    static func grade(_ response: HTTPResponseSummary) -> [HeaderGrade] {
        let policy = response.value(of: "Content-Security-Policy").map(ContentSecurityPolicy.init)
        return [
            strictTransportSecurity(response.value(of: "Strict-Transport-Security")),
            contentSecurityPolicy(response.value(of: "Content-Security-Policy"), policy,
                                  reportOnly: response.value(of: "Content-Security-Policy-Report-Only") != nil),
            contentTypeOptions(response.value(of: "X-Content-Type-Options")),
            frameOptions(response.value(of: "X-Frame-Options"), frameAncestors: policy?.directive("frame-ancestors")),
            referrerPolicy(response.value(of: "Referrer-Policy")),
            permissionsPolicy(response.value(of: "Permissions-Policy")),
        ]
    }

    static func strictTransportSecurity(_ value: String?) -> HeaderGrade {
        let name = "Strict-Transport-Security"
        guard let value else {
            return HeaderGrade(header: name, status: .missing, value: nil, notes: [
                "a visit that starts on http:// (a typed name, an old link) can be intercepted and kept on plain HTTP"])
        }
        let directives = value.split(separator: ";").map { $0.trimmingSpaces.lowercased() }
        var notes: [String] = []
        let age = directives.first { $0.hasPrefix("max-age=") }
            .flatMap { Int($0.dropFirst("max-age=".count).trimmingCharacters(in: "\"")) }
        if let age {
            if age < minimumHSTSAge {
                notes.append("max-age is \(age / 86_400) days; 180 days or more keeps returning visitors protected")
            }
        } else {
            notes.append("no valid max-age, so browsers ignore the header")
        }
        if !directives.contains("includesubdomains") {
            notes.append("no includeSubDomains: subdomains (and cookies they can set) stay open to downgrade")
        }
        if !directives.contains("preload") {
            notes.append("no preload: a browser's very first visit is not protected")
        }
        return HeaderGrade(header: name, status: notes.isEmpty ? .good : .weak, value: value, notes: notes)
    }

    static func contentSecurityPolicy(_ value: String?, _ policy: ContentSecurityPolicy?, reportOnly: Bool) -> HeaderGrade {
        let name = "Content-Security-Policy"
        guard let value, let policy else {
            var note = "nothing limits where scripts come from, so one injected tag runs as the site (cross-site scripting)"
            if reportOnly { note += "; the Report-Only policy only reports, it blocks nothing" }
            return HeaderGrade(header: name, status: .missing, value: nil, notes: [note])
        }
        let notes = policy.weaknesses
        return HeaderGrade(header: name, status: notes.isEmpty ? .good : .weak, value: value, notes: notes)
    }

    static func contentTypeOptions(_ value: String?) -> HeaderGrade {
        let name = "X-Content-Type-Options"
        guard let value else {
            return HeaderGrade(header: name, status: .missing, value: nil, notes: [
                "browsers may guess a response's type and run an uploaded file as a script or style sheet"])
        }
        let good = value.trimmingSpaces.lowercased() == "nosniff"
        return HeaderGrade(header: name, status: good ? .good : .weak, value: value,
                           notes: good ? [] : ["the only meaningful value is nosniff"])
    }

    static func frameOptions(_ value: String?, frameAncestors: [String]?) -> HeaderGrade {
        let name = "X-Frame-Options"
        if let frameAncestors {
            let open = frameAncestors.contains("*")
            return HeaderGrade(header: name, status: open ? .weak : .good, value: value ?? "(CSP frame-ancestors)",
                               notes: open ? ["frame-ancestors * lets any site frame the pages (clickjacking)"] : [])
        }
        guard let value else {
            return HeaderGrade(header: name, status: .missing, value: nil, notes: [
                "neither X-Frame-Options nor CSP frame-ancestors: any site can show these pages in a frame and trick clicks (clickjacking)"])
        }
        let setting = value.trimmingSpaces.lowercased()
        let good = setting == "deny" || setting == "sameorigin"
        return HeaderGrade(header: name, status: good ? .good : .weak, value: value, notes: good ? [] : [
            "browsers only honour DENY or SAMEORIGIN (ALLOW-FROM is obsolete); use CSP frame-ancestors to name other sites"])
    }

    static func referrerPolicy(_ value: String?) -> HeaderGrade {
        let name = "Referrer-Policy"
        guard let value else {
            return HeaderGrade(header: name, status: .missing, value: nil, notes: [
                "older browsers send the full address, with any token in it, to every site a page links to or loads from"])
        }
        // Several values are a fallback list: the last one the browser knows applies.
        let setting = value.split(separator: ",").last.map { $0.trimmingSpaces.lowercased() } ?? ""
        let leaky = ["unsafe-url", "no-referrer-when-downgrade", "origin-when-cross-origin", "origin"]
        guard !leaky.contains(setting) else {
            return HeaderGrade(header: name, status: .weak, value: value, notes: [
                "\(setting) sends the page's address (or origin) to other sites; strict-origin-when-cross-origin or stricter keeps paths private"])
        }
        return HeaderGrade(header: name, status: .good, value: value, notes: [])
    }

    static func permissionsPolicy(_ value: String?) -> HeaderGrade {
        let name = "Permissions-Policy"
        guard let value else {
            return HeaderGrade(header: name, status: .missing, value: nil, notes: [
                "embedded content may ask for the camera, microphone, location and other powerful features"])
        }
        return HeaderGrade(header: name, status: .good, value: value, notes: [])
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }

    func trimmingCharacters(in characters: String) -> String {
        var text = Substring(self)
        while let first = text.first, characters.contains(first) { text.removeFirst() }
        while let last = text.last, characters.contains(last) { text.removeLast() }
        return String(text)
    }
}
