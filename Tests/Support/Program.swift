import Foundation

/// A program a test runs in a process of its own: the built `larder` (through `LarderCommand`),
/// or a tool such as `make`, `tar`, `python3` or `pdftotext`. The one way tests start processes.
///
/// Nothing here blocks a thread of Swift's cooperative pool, which runs the tests (two threads on
/// a two-core machine): the process's two output streams are read, its end awaited and its
/// readiness polled on threads of their own, and the test awaits the result. Both streams are
/// read as the program writes them, so one that fills a pipe (64 KB) never waits for the other
/// to be read. A program that does not end within its timeout is killed, with its children,
/// and the test gets `ProgramProblem.timedOut` with what it had printed, instead of hanging.
public struct Program: Sendable {
    /// The executable: a path, or a name looked up on `PATH`.
    public var executable: String
    public var arguments: [String]
    /// The whole environment of the process (not added to this one's).
    public var environment: [String: String]
    public var directory: URL?
    /// What the program reads on its standard input; nothing (`/dev/null`) when nil.
    public var input: Data?
    /// Whether its standard input stays open (after `input`, if any) until `closeInput()` or
    /// the end of the `RunningProgram`: a server that stops when it closes, even if the tests
    /// crash.
    public var holdsInputOpen = false

    public init(_ executable: String, _ arguments: [String] = [], environment: [String: String] = ProcessInfo.processInfo.environment,
                directory: URL? = nil, input: Data? = nil) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.directory = directory
        self.input = input
    }

    /// How long a program may run before it is taken for hung: far beyond any run of the suite
    /// on a loaded machine. It bounds a wait, it measures nothing.
    public static let defaultTimeout: Duration = .seconds(900)

    /// The command as a person would type it, for messages.
    public var commandLine: String {
        ([executable] + arguments).map { $0.contains(" ") || $0.isEmpty ? "'\($0)'" : $0 }.joined(separator: " ")
    }

    /// Runs the program to its end. At most `ProgramSlots.limit` programs run this way at once
    /// (a test waits for a slot before its program starts), so a suite of hundreds of tests
    /// does not start hundreds of processes on two cores.
    public func run(timeout: Duration = Program.defaultTimeout) async throws -> ProgramRun {
        await ProgramSlots.shared.acquire()
        do {
            let running = try start()
            let result = try await running.finish(timeout: timeout)
            await ProgramSlots.shared.release()
            return result
        } catch {
            await ProgramSlots.shared.release()
            throw error
        }
    }

    /// Starts the program and returns at once, for a test that waits for it to be ready, signals
    /// it or runs another program beside it. `finish` (or `stop`) collects it.
    public func start() throws -> RunningProgram {
        try RunningProgram(self)
    }

    /// The path of `name` on `PATH`, or nil.
    public static func find(_ name: String, in environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// How a program ended and what it printed.
public struct ProgramRun: Sendable, CustomStringConvertible {
    public var command: String
    /// The exit status; for a program ended by a signal, the signal's number.
    public var status: Int32
    /// Set when the process ended by a signal (a crash shows here as SIGILL or SIGSEGV).
    public var signal: Int32?
    public var outputData: Data
    public var errorData: Data

    public var output: String { String(decoding: outputData, as: UTF8.self) }
    public var errors: String { String(decoding: errorData, as: UTF8.self) }
    /// Both streams, for messages a person would read on the terminal.
    public var printed: String { output + errors }

    public var description: String {
        "\(command): exit \(status)\(signal.map { " (signal \($0))" } ?? "")\nstdout:\n\(output)\nstderr:\n\(errors)"
    }
}

/// Why a test's wait on a program ended without what it waited for.
public enum ProgramProblem: Error, CustomStringConvertible {
    /// The program ran past its timeout and was killed.
    case timedOut(command: String, after: Duration, printed: String)
    /// A readiness condition did not come true: the program ended first, or the wait's
    /// timeout passed.
    case notReady(command: String, waitingFor: String, ended: Bool, printed: String)

    public var description: String {
        switch self {
        case .timedOut(let command, let after, let printed):
            "\(command) did not end within \(after) and was killed. It had printed:\n\(printed)"
        case .notReady(let command, let waitingFor, let ended, let printed):
            "\(command) \(ended ? "ended" : "went on past the wait") before \(waitingFor). It had printed:\n\(printed)"
        }
    }
}

/// A program under way.
public final class RunningProgram: @unchecked Sendable {
    public let command: String
    public let processIdentifier: Int32
    private let process: Process
    private let state = ProgramState()
    private let inputPipe: Pipe?

    fileprivate init(_ program: Program) throws {
        guard let path = Program.find(program.executable, in: program.environment) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "\(program.executable) is not on PATH"])
        }
        command = program.commandLine
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = program.arguments
        process.environment = program.environment
        process.currentDirectoryURL = program.directory
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let input = program.input != nil || program.holdsInputOpen ? Pipe() : nil
        process.standardInput = input ?? FileHandle.nullDevice
        inputPipe = program.holdsInputOpen ? input : nil
        let state = state
        // Called on a thread of Foundation's once the process has been reaped.
        process.terminationHandler = { ended in
            state.ended(status: ended.terminationStatus, bySignal: ended.terminationReason == .uncaughtSignal)
        }
        try process.run()
        self.process = process
        processIdentifier = process.processIdentifier
        // Foundation starts the process in a process group of its own: `stop` and a timeout
        // end the program's children with it.
        for (pipe, isOutput) in [(output, true), (errors, false)] {
            Self.onItsOwnThread {
                PipeReading.forEachChunk(pipe.fileHandleForReading) { state.append($0, isOutput: isOutput) }
                try? pipe.fileHandleForReading.close()
                state.closed()
            }
        }
        if let input, let data = program.input {
            let holdsOpen = program.holdsInputOpen
            Self.onItsOwnThread {
                // A program that stops reading early closes the pipe: the rest is not written.
                PipeReading.write(data, to: input.fileHandleForWriting)
                if !holdsOpen { try? input.fileHandleForWriting.close() }
            }
        }
    }

    /// A program still running when the test lets go of it (a test that failed half-way) is
    /// killed with its children, not left running into the next tests.
    deinit {
        closeInput()
        if !state.hasEnded {
            kill(-processIdentifier, SIGKILL)
            kill(processIdentifier, SIGKILL)
        }
    }

    /// Closes the standard input a program started with `holdsInputOpen` reads.
    public func closeInput() {
        try? inputPipe?.fileHandleForWriting.close()
    }

    /// Blocking work on a thread of its own, never one of the cooperative pool's.
    static func onItsOwnThread(_ work: @escaping @Sendable () -> Void) {
        let thread = Thread(block: work)
        thread.stackSize = 1 << 20
        thread.start()
    }

    public var isRunning: Bool { !state.hasEnded }
    /// What it has printed so far on its standard output and error.
    public var outputSoFar: String { String(decoding: state.outputData, as: UTF8.self) }
    public var errorsSoFar: String { String(decoding: state.errorData, as: UTF8.self) }

    public func signal(_ number: Int32) {
        kill(processIdentifier, number)
    }

    /// Sends the signal `delay` after now, from a thread of its own: at that moment of the run
    /// whatever the test pool is doing.
    public func signal(_ number: Int32, after delay: Duration) {
        let pid = processIdentifier
        let pause = useconds_t(delay.seconds * 1_000_000)
        Self.onItsOwnThread {
            usleep(pause)
            kill(pid, number)
        }
    }

    /// Waits for the program to end and both its streams to close; after `timeout` it is killed
    /// with its process group and `ProgramProblem.timedOut` is thrown.
    public func finish(timeout: Duration = Program.defaultTimeout) async throws -> ProgramRun {
        let deadline = Date().addingTimeInterval(timeout.seconds)
        let finished: Bool = await withCheckedContinuation { continuation in
            Self.onItsOwnThread { [self] in
                if state.waitForEnd(until: deadline) {
                    continuation.resume(returning: true)
                    return
                }
                kill(-processIdentifier, SIGKILL)
                kill(processIdentifier, SIGKILL)
                _ = state.waitForEnd(until: Date().addingTimeInterval(30))
                continuation.resume(returning: false)
            }
        }
        let result = state.result(command: command)
        guard finished else { throw ProgramProblem.timedOut(command: command, after: timeout, printed: result.printed) }
        return result
    }

    /// Stops the program and its children (SIGTERM to its process group, SIGKILL after a few
    /// seconds if they are still there) and collects it.
    @discardableResult
    public func stop() async throws -> ProgramRun {
        kill(-processIdentifier, SIGTERM)
        kill(processIdentifier, SIGTERM)
        do {
            return try await finish(timeout: .seconds(10))
        } catch ProgramProblem.timedOut {
            return state.result(command: command)
        }
    }

    /// Waits, on a thread of its own polling every `interval`, until `condition` holds: a file
    /// the program writes, a line it prints. With `signal`, that thread sends it the moment the
    /// condition is seen. Throws `ProgramProblem.notReady` when the program ends first or
    /// `timeout` passes; the wait bounds how long a broken test hangs, it measures nothing.
    public func waitUntil(_ description: String, timeout: Duration = .seconds(300), interval: Duration = .milliseconds(5),
                          thenSignal signal: Int32? = nil, _ condition: @escaping @Sendable () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout.seconds)
        let pause = useconds_t(interval.seconds * 1_000_000)
        let ready: (Bool, ended: Bool) = await withCheckedContinuation { continuation in
            Self.onItsOwnThread { [self] in
                while true {
                    if condition() {
                        if let signal { kill(processIdentifier, signal) }
                        continuation.resume(returning: (true, false))
                        return
                    }
                    if state.hasEnded {
                        // Once more: what it did last may have made the condition true.
                        let last = condition()
                        if last, let signal { kill(processIdentifier, signal) }
                        continuation.resume(returning: (last, true))
                        return
                    }
                    if Date() > deadline {
                        continuation.resume(returning: (false, false))
                        return
                    }
                    usleep(pause)
                }
            }
        }
        if !ready.0 {
            throw ProgramProblem.notReady(command: command, waitingFor: description, ended: ready.ended,
                                          printed: outputSoFar + errorsSoFar)
        }
    }

    /// Waits until the program has printed `text` on its standard output or error.
    public func waitForOutput(containing text: String, timeout: Duration = .seconds(300)) async throws {
        try await waitUntil("it printed \"\(text)\"", timeout: timeout) { [state] in
            String(decoding: state.outputData, as: UTF8.self).contains(text) || String(decoding: state.errorData, as: UTF8.self).contains(text)
        }
    }

    /// Bytes the process has read with read(2) and its kind so far (Linux's
    /// `/proc/PID/io`, `rchar`): how a test knows a run has read an input of known size.
    public var bytesRead: Int {
        guard let text = try? String(contentsOfFile: "/proc/\(processIdentifier)/io", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix("rchar:") {
            return Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        return 0
    }
}

/// What the reading threads and Foundation's termination handler tell of a process.
private final class ProgramState: @unchecked Sendable {
    private let condition = NSCondition()
    private var output = Data(), errors = Data()
    private var openStreams = 2
    private var status: Int32?
    private var bySignal = false

    func append(_ data: Data, isOutput: Bool) {
        condition.lock(); defer { condition.unlock() }
        if isOutput { output.append(data) } else { errors.append(data) }
    }

    func closed() {
        condition.lock(); defer { condition.unlock() }
        openStreams -= 1
        condition.broadcast()
    }

    func ended(status: Int32, bySignal: Bool) {
        condition.lock(); defer { condition.unlock() }
        self.status = status
        self.bySignal = bySignal
        condition.broadcast()
    }

    var hasEnded: Bool {
        condition.lock(); defer { condition.unlock() }
        return status != nil
    }

    var outputData: Data {
        condition.lock(); defer { condition.unlock() }
        return output
    }

    var errorData: Data {
        condition.lock(); defer { condition.unlock() }
        return errors
    }

    /// Blocks the calling thread (one of the program's own) until the process has ended and
    /// both streams are closed, or `deadline`.
    func waitForEnd(until deadline: Date) -> Bool {
        condition.lock(); defer { condition.unlock() }
        while status == nil || openStreams > 0 {
            if !condition.wait(until: deadline) { return status != nil && openStreams == 0 }
        }
        return true
    }

    func result(command: String) -> ProgramRun {
        condition.lock(); defer { condition.unlock() }
        return ProgramRun(command: command, status: status ?? -1, signal: bySignal ? status : nil, outputData: output, errorData: errors)
    }
}

/// How many programs `Program.run` lets run at once: twice the processors, at least four.
/// Started programs (`Program.start`) do not count: a test holding one open while it runs
/// another never waits on itself.
public actor ProgramSlots {
    public static let shared = ProgramSlots()
    public static let limit = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)

    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public func acquire() async {
        if running < Self.limit {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    public func release() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
