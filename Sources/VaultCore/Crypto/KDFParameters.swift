/// Argon2id cost parameters, as chosen at `vault init` and recorded in the vault header.
/// The bounds keep a user from choosing something trivially crackable and keep a damaged or
/// hostile header from making `vault` allocate gigabytes or spin for hours.
public struct KDFParameters: Equatable, Hashable, Sendable {
    /// Memory cost in KiB (Argon2's `m`).
    public var memoryKiB: UInt32
    /// Number of passes (Argon2's `t`).
    public var iterations: UInt32
    /// Lanes, computed on as many threads (Argon2's `p`).
    public var parallelism: UInt32

    /// m = 64 MiB, t = 3, p = 4: RFC 9106's second recommended option.
    public static let `default` = KDFParameters(memoryKiB: 64 * 1024, iterations: 3, parallelism: 4)
    /// The cheapest profile `vault init` accepts: m = 8 MiB, t = 1, p = 1.
    public static let minimum = KDFParameters(memoryKiB: 8 * 1024, iterations: 1, parallelism: 1)
    /// Upper bounds: 4 GiB of memory, 100 passes, 64 lanes.
    public static let maximum = KDFParameters(memoryKiB: 4 * 1024 * 1024, iterations: 100, parallelism: 64)

    public init(memoryKiB: UInt32, iterations: UInt32, parallelism: UInt32) {
        self.memoryKiB = memoryKiB
        self.iterations = iterations
        self.parallelism = parallelism
    }

    /// Refuses parameters below the minimum profile or above the maximum.
    public func validate() throws(CryptoError) {
        let minimum = Self.minimum
        let maximum = Self.maximum
        if memoryKiB < minimum.memoryKiB {
            throw .weakKDFParameters("memory \(memoryKiB / 1024) MiB is below the minimum of \(minimum.memoryKiB / 1024) MiB")
        }
        if iterations < minimum.iterations {
            throw .weakKDFParameters("iterations must be at least \(minimum.iterations)")
        }
        if parallelism < minimum.parallelism {
            throw .weakKDFParameters("parallelism must be at least \(minimum.parallelism)")
        }
        if memoryKiB > maximum.memoryKiB {
            throw .unreasonableKDFParameters("memory above \(maximum.memoryKiB / 1024) MiB")
        }
        if iterations > maximum.iterations {
            throw .unreasonableKDFParameters("more than \(maximum.iterations) iterations")
        }
        if parallelism > maximum.parallelism {
            throw .unreasonableKDFParameters("parallelism above \(maximum.parallelism)")
        }
        if memoryKiB < 8 * parallelism {
            throw .unreasonableKDFParameters("memory must be at least 8 KiB per lane")
        }
    }
}
