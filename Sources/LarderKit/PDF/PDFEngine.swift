import Foundation
import LarderCore

/// Typst, the engine that lays out the PDF cookbook: the Rust compiler as the Python package
/// `typst` (PyPI; `make setup` installs it), run by a Python that can import it — `python3` on
/// `PATH`, or the one `--pdf-engine` names. Larder runs that interpreter with a short script
/// (`TypstScript`) and the book's folder; no shell is involved, and the program and its
/// arguments are passed as a list.
public struct PDFEngine: Sendable {
    /// The Python that imports `typst`.
    public let interpreter: URL
    /// The version of the `typst` package.
    public let version: String

    /// The command a user runs to get the engine, quoted when it is not found.
    public static let installHint = "python3 -m pip install typst"

    /// Typst keeps everything it laid out until a compile ends, about 1.5 MB a recipe with the
    /// built-in template: 100 recipes a process keep a part under 200 MB.
    public static let recipesPerPart = 100

    /// The engine named by `path` (a Python: a path, or a program name looked up on `PATH`),
    /// else `python3` on `PATH`; checked by importing `typst` with it.
    public static func locate(_ path: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> PDFEngine {
        let searchPath = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        let name = path ?? "python3"
        guard let interpreter = find(name, in: searchPath) else {
            if path != nil {
                throw PDFEngineError("the PDF engine \(name) is not a program that can be run (--pdf-engine names a Python that has the typst package)")
            }
            throw PDFEngineError("""
                a PDF is laid out by Typst, through its Python package, and there is no python3 on PATH. \
                Install Python 3 and then Typst with: \(installHint) (make setup does), or name a Python that has it with --pdf-engine PATH.
                """)
        }
        guard let version = typstVersion(of: interpreter) else {
            throw PDFEngineError("""
                a PDF is laid out by Typst, and \(interpreter.path) cannot import its Python package (typst). \
                Install it with: \(installHint) (make setup does), or name a Python that has it with --pdf-engine PATH.
                """)
        }
        return PDFEngine(interpreter: interpreter, version: version)
    }

    /// A name with a slash is a path; a bare name is looked up in `searchPath`.
    static func find(_ name: String, in searchPath: String) -> URL? {
        if name.contains("/") {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: name, isDirectory: &isFolder), !isFolder.boolValue,
                  FileManager.default.isExecutableFile(atPath: name) else { return nil }
            return URL(fileURLWithPath: name)
        }
        for folder in searchPath.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }

    /// `typst.__version__` as `interpreter` imports it; nil when it cannot.
    private static func typstVersion(of interpreter: URL) -> String? {
        let printed = ProgramOutput.text(of: interpreter, arguments: ["-c", "import typst, sys; sys.stdout.write(typst.__version__)"])
        guard let version = printed?.trimmingCharacters(in: .whitespacesAndNewlines), !version.isEmpty, version.count < 40 else { return nil }
        return version
    }

    /// Lays out `book.typ` in `folder` (with `book.json` and `images/` beside it) into `pdf`.
    /// `progress` hears how far the engine is, and about every tenth of a second the seconds
    /// spent; a cancelled task stops the engine and throws `CancellationError`.
    /// `part`: the most recipes laid out in one process (a larger book is laid out in parts
    /// and bound, so that memory stays bounded).
    func compile(folder: URL, pdf: URL, part: Int = PDFEngine.recipesPerPart,
                 progress: @escaping (EngineProgress) -> Void = { _ in }) throws -> TypstReport {
        try Task.checkCancellation()
        let script = folder.appendingPathComponent("engine.py")
        try Data(TypstScript.source.utf8).write(to: script)
        let report = folder.appendingPathComponent("report.json")
        let messages = folder.appendingPathComponent("engine.log")
        _ = FileManager.default.createFile(atPath: messages.path, contents: nil)
        let process = Process()
        process.executableURL = interpreter
        process.arguments = [script.path, folder.path, pdf.path, report.path, String(part)]
        process.standardInput = FileHandle.nullDevice
        let lines = Pipe()
        process.standardOutput = lines
        let errorLog = try FileHandle(forWritingTo: messages)
        defer { try? errorLog.close() }
        process.standardError = errorLog
        do {
            try process.run()
        } catch {
            throw PDFEngineError("the PDF engine \(interpreter.path) could not be started")
        }
        let said = EngineLines()
        let reading = Thread { said.read(lines.fileHandleForReading) }
        reading.start()
        let started = Date()
        while process.isRunning {
            if Task.isCancelled {
                // The engine's workers end with it (they ask the system to); the engine itself
                // may be inside Typst, which hears no signal until it returns: killed then.
                process.terminate()
                let asked = Date()
                while process.isRunning, Date().timeIntervalSince(asked) < 1 { usleep(50_000) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                process.waitUntilExit()
                throw CancellationError()
            }
            usleep(100_000)
            for event in said.take() { progress(event) }
            progress(.working(seconds: Date().timeIntervalSince(started)))
        }
        process.waitUntilExit()
        said.finished.wait()
        for event in said.take() { progress(event) }
        let data = try? Data(contentsOf: report)
        let decoded = data.flatMap { try? JSONDecoder().decode(TypstReport.self, from: $0) }
        if let failure = decoded?.error {
            throw TypstFailure(message: failure.message, hints: failure.hints ?? [])
        }
        guard process.terminationStatus == 0, let decoded else {
            let said = (try? String(contentsOf: messages, encoding: .utf8)) ?? ""
            let last = said.split(separator: "\n").last.map(String.init) ?? "no message"
            throw PDFEngineError("Typst (\(interpreter.path)) could not make the PDF: \(last)")
        }
        return decoded
    }
}

/// What the engine says while it works.
public enum EngineProgress: Sendable, Equatable {
    /// So many recipes of the book laid out.
    case recipes(done: Int, of: Int)
    /// The parts are laid out; the book is being bound.
    case binding
    /// The PDF is written, with so many pages.
    case pages(Int)
    /// Still at it, for so many seconds.
    case working(seconds: Double)
}

/// The engine's progress lines, read on a thread of their own as they come.
private final class EngineLines: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [EngineProgress] = []
    let finished = DispatchSemaphore(value: 0)

    func read(_ handle: FileHandle) {
        var pending = Data()
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let end = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[pending.startIndex..<end], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...end)
                if let event = Self.event(line) { lock.withLock { events.append(event) } }
            }
        }
        finished.signal()
    }

    func take() -> [EngineProgress] {
        lock.withLock {
            defer { events = [] }
            return events
        }
    }

    static func event(_ line: String) -> EngineProgress? {
        let words = line.split(separator: " ")
        switch words.first {
        case "recipes" where words.count == 3:
            guard let done = Int(words[1]), let total = Int(words[2]) else { return nil }
            return .recipes(done: done, of: total)
        case "binding": return .binding
        case "pages" where words.count == 2: return Int(words[1]).map(EngineProgress.pages)
        default: return nil
        }
    }
}

/// What the engine script says of a compile: the engine's version, the pages, Typst's
/// warnings, the pictures it left out because it could not read them, or the error that
/// stopped it.
struct TypstReport: Decodable {
    struct Failure: Decodable {
        var message: String
        var hints: [String]?
    }

    var engine: String?
    var pages: Int?
    var warnings: [String]?
    /// The `src` of each picture Typst could not decode, left out of the book.
    var unreadablePictures: [String]?
    var error: Failure?
}

/// Typst refused the book: the template (a `--template` one, most often) or the data.
struct TypstFailure: Error {
    var message: String
    var hints: [String]
}

/// The PDF engine is missing, or could not make the book.
public struct PDFEngineError: DescribedError {
    public let description: String
    init(_ description: String) { self.description = description }
}
