import Foundation

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

    public static let installHint = "python3 -m pip install typst"

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
        let process = Process()
        process.executableURL = interpreter
        process.arguments = ["-c", "import typst, sys; sys.stdout.write(typst.__version__)"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let version = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, !version.isEmpty, version.count < 40 else { return nil }
        return version
    }

    /// Compiles `book.typ` in `folder` (with `book.json` and `images/` beside it) into `pdf`.
    /// `waiting` is called about every tenth of a second while Typst lays the book out, with
    /// the seconds spent; a cancelled task stops the engine and throws `CancellationError`.
    func compile(folder: URL, pdf: URL, waiting: (Double) -> Void = { _ in }) throws -> TypstReport {
        try Task.checkCancellation()
        let report = folder.appendingPathComponent("report.json")
        let messages = folder.appendingPathComponent("engine.log")
        FileManager.default.createFile(atPath: messages.path, contents: nil)
        let process = Process()
        process.executableURL = interpreter
        process.arguments = ["-c", TypstScript.source, folder.path, pdf.path, report.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errorLog = try FileHandle(forWritingTo: messages)
        defer { try? errorLog.close() }
        process.standardError = errorLog
        do {
            try process.run()
        } catch {
            throw PDFEngineError("the PDF engine \(interpreter.path) could not be started")
        }
        let started = Date()
        while process.isRunning {
            if Task.isCancelled {
                process.terminate()
                process.waitUntilExit()
                throw CancellationError()
            }
            usleep(100_000)
            waiting(Date().timeIntervalSince(started))
        }
        process.waitUntilExit()
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
public struct PDFEngineError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
