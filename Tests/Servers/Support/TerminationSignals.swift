import Dispatch
import Foundation

/// Runs an action when the process receives SIGTERM or SIGINT, instead of dying at once.
public enum TerminationSignals {
    /// Installs the handlers; keep the returned sources alive for as long as they should act.
    public static func observe(_ action: @escaping @Sendable () -> Void) -> [DispatchSourceSignal] {
        [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: action)
            source.resume()
            return source
        }
    }
}
