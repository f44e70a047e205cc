import Foundation

/// The built `larder` binary run as a person runs it: its own process, its own environment,
/// standard output and error captured, the exit status kept.
///
/// The environment is the test's, minus anything that would point Larder at a real user's
/// folders (`LARDER_*`, `XDG_*`), with `HOME` in a scratch folder, so a test never reads or
/// writes the machine's own library or cache.
public struct LarderProcess {
    public struct Outcome: CustomStringConvertible {
        public var status: Int32
        /// Set when the process ended by a signal (a crash shows here as SIGILL or SIGSEGV).
        public var signal: Int32?
        public var output: String
        public var errors: String

        /// Both streams, for messages a person would read on the terminal.
        public var text: String { output + errors }

        public var description: String {
            "exit \(status)\(signal.map { " (signal \($0))" } ?? "")\nstdout:\n\(output)\nstderr:\n\(errors)"
        }
    }

    public let home: URL
    public var environment: [String: String]

    public init(home: URL) throws {
        self.home = home
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment.filter { key, _ in
            !key.hasPrefix("LARDER_") && !key.hasPrefix("XDG_")
        }
        environment["HOME"] = home.path
        self.environment = environment
    }

    /// Runs `larder ARGUMENTS` to its end.
    @discardableResult
    public func run(_ arguments: [String], input: String? = nil) throws -> Outcome {
        let process = try start(arguments, input: input)
        return process.finish()
    }

    /// Starts `larder ARGUMENTS` and returns at once, for a test that signals it while it runs.
    public func start(_ arguments: [String], input: String? = nil) throws -> Running {
        guard let binary = LarderBinary.url else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "the larder binary is not built"])
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = environment
        let output = Pipe(), errors = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = standardInput
        try process.run()
        if let input { standardInput.fileHandleForWriting.write(Data(input.utf8)) }
        try? standardInput.fileHandleForWriting.close()
        return Running(process: process, output: output, errors: errors)
    }

    /// A `larder` process under way.
    public final class Running {
        public let process: Process
        private let collected = Collected()
        private let group = DispatchGroup()

        init(process: Process, output: Pipe, errors: Pipe) {
            self.process = process
            // Both pipes are drained as the process writes, so it never blocks on a full pipe.
            for (pipe, isOutput) in [(output, true), (errors, false)] {
                group.enter()
                let collected = collected
                let group = group
                DispatchQueue.global().async {
                    let data = PipeReading.readAll(pipe.fileHandleForReading)
                    collected.set(data, isOutput: isOutput)
                    group.leave()
                }
            }
        }

        public func signal(_ number: Int32) {
            kill(process.processIdentifier, number)
        }

        public func finish() -> Outcome {
            group.wait()
            process.waitUntilExit()
            let bySignal = process.terminationReason == .uncaughtSignal
            return Outcome(status: process.terminationStatus, signal: bySignal ? process.terminationStatus : nil,
                           output: collected.output, errors: collected.errors)
        }
    }

    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var outputData = Data(), errorData = Data()
        func set(_ data: Data, isOutput: Bool) {
            lock.lock(); defer { lock.unlock() }
            if isOutput { outputData = data } else { errorData = data }
        }
        var output: String { lock.lock(); defer { lock.unlock() }; return String(decoding: outputData, as: UTF8.self) }
        var errors: String { lock.lock(); defer { lock.unlock() }; return String(decoding: errorData, as: UTF8.self) }
    }
}

/// One run of the built `larder` binary in the test's own environment: its exit status and
/// what it printed on each stream.
public struct LarderRun: Sendable {
    public var status: Int32
    public var output: String
    public var errors: String

    public static func run(_ arguments: [String]) throws -> LarderRun {
        var larder = try LarderProcess(home: FileManager.default.temporaryDirectory)
        larder.environment = ProcessInfo.processInfo.environment
        let outcome = try larder.run(arguments)
        return LarderRun(status: outcome.status, output: outcome.output, errors: outcome.errors)
    }
}
