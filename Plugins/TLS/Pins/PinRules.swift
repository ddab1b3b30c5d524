/// The `--pin`s of a run, by the hosts they apply to. An endpoint is held to the pins of its
/// exact host when some are scoped to it, else to those of the wildcard covering it, else to the
/// unscoped ones; an endpoint left with none is not pin-checked. (A wildcard covers exactly one
/// more label, so at most one wildcard can cover a host: the most specific one.)
struct PinRules: Sendable {
    private var unscoped: [String] = []
    private var scoped: [HostPattern: [String]] = [:]

    init(_ options: [PinOption] = []) {
        for option in options {
            if let scope = option.scope {
                scoped[scope, default: []].append(option.pin)
            } else {
                unscoped.append(option.pin)
            }
        }
    }

    /// The pins an endpoint on `host` must have one of; empty when it is not pin-checked.
    func pins(for host: String) -> [String] {
        if let exact = scoped[HostPattern(name: host.lowercased(), isWildcard: false)] { return exact }
        if let wildcard = HostPattern.wildcard(covering: host), let pins = scoped[wildcard] { return pins }
        return unscoped
    }
}
