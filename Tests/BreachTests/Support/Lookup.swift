@testable import Breach

/// A lookup's outcome, a count or the error, so that tests can compare it as a value.
func lookUp(_ file: SortedHashFile, _ key: String) -> Result<Int, BreachError> {
    Result { () throws(BreachError) -> Int in try file.count(of: HashLines.key(key)) }
}

/// Opening a file, as a value too.
func open(_ path: String, keyLength: Int = 40) -> Result<SortedHashFile, BreachError> {
    Result { () throws(BreachError) -> SortedHashFile in try SortedHashFile(path: path, keyLength: keyLength) }
}

extension Result {
    /// The error, if it is one.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
