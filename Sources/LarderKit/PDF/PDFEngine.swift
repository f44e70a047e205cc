import Foundation
import LarderCore

/// WeasyPrint, the engine that turns the book's HTML into a PDF: found on `PATH` (or named with
/// `--pdf-engine`), and run through the Python interpreter its launcher names on its first line
/// (`#!/usr/bin/python3`), which is the one that can import it — `python3` on `PATH` may be
/// another (pyenv, a virtual environment). No shell is involved: the program and its arguments
/// are passed as a list, and the book goes through a file Larder wrote.
public struct PDFEngine: Sendable {
    /// The `weasyprint` launcher.
    public let program: URL
    /// The Python that runs it.
    public let interpreter: URL

    /// The command a Debian or Ubuntu user runs to get the engine, quoted when it is not found.
    public static let installHint = "sudo apt-get install -y weasyprint"

    /// The engine named by `path` (a path, or a program name looked up on `PATH`), else
    /// `weasyprint` on `PATH`.
    public static func locate(_ path: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> PDFEngine {
        let searchPath = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        guard let program = path.map({ find($0, in: searchPath) ?? URL(fileURLWithPath: $0) }) ?? find("weasyprint", in: searchPath) else {
            throw PDFEngineError("""
                a PDF is made by WeasyPrint, and there is no weasyprint on PATH. \
                Install it with: \(installHint) (or pip install weasyprint), or name it with --pdf-engine PATH.
                """)
        }
        guard FileManager.default.isExecutableFile(atPath: program.path) else {
            throw PDFEngineError("the PDF engine \(program.path) is not a program that can be run (--pdf-engine names WeasyPrint's weasyprint program)")
        }
        guard let interpreter = pythonInterpreter(of: program, searchPath: searchPath) else {
            throw PDFEngineError("""
                \(program.path) is not WeasyPrint's launcher (its first line names no Python); \
                --pdf-engine names the weasyprint program that `\(installHint)` or pip installs
                """)
        }
        return PDFEngine(program: program, interpreter: interpreter)
    }

    /// A name with a slash is a path; a bare name is looked up in `searchPath`.
    static func find(_ name: String, in searchPath: String) -> URL? {
        if name.contains("/") {
            return FileManager.default.isExecutableFile(atPath: name) ? URL(fileURLWithPath: name) : nil
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

    /// The interpreter of a `#!` line that names Python, directly or through `env`.
    static func pythonInterpreter(of program: URL, searchPath: String) -> URL? {
        guard let handle = try? FileHandle(forReadingFrom: program) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 512), let text = String(data: head, encoding: .utf8),
              text.hasPrefix("#!"), let line = text.dropFirst(2).split(separator: "\n").first else { return nil }
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard var command = words.first else { return nil }
        words.removeFirst()
        if URL(fileURLWithPath: command).lastPathComponent == "env" {
            guard let name = words.first(where: { !$0.hasPrefix("-") }), let found = find(name, in: searchPath) else { return nil }
            command = found.path
        }
        guard URL(fileURLWithPath: command).lastPathComponent.hasPrefix("python"),
              FileManager.default.isExecutableFile(atPath: command) else { return nil }
        return URL(fileURLWithPath: command)
    }

    /// Renders the book at `html` into `pdf` (nil: only measure) and tells where everything
    /// landed. `work` is a folder for the engine's report and messages.
    func render(html: URL, pdf: URL?, work: URL) throws -> PageMap {
        let report = work.appendingPathComponent("pages-\(UUID().uuidString).json")
        let messages = work.appendingPathComponent("engine-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: messages.path, contents: nil)
        let process = Process()
        process.executableURL = interpreter
        process.arguments = ["-c", WeasyPrintScript.source, html.path, pdf?.path ?? "-", report.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errorLog = try FileHandle(forWritingTo: messages)
        defer { try? errorLog.close() }
        process.standardError = errorLog
        do {
            try process.run()
        } catch {
            throw PDFEngineError("the PDF engine \(interpreter.path) (for \(program.path)) could not be started")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let said = (try? String(contentsOf: messages, encoding: .utf8)) ?? ""
            let last = said.split(separator: "\n").last.map(String.init) ?? "no message"
            throw PDFEngineError("WeasyPrint (\(program.path)) could not make the PDF: \(last)")
        }
        guard let data = try? Data(contentsOf: report), let map = try? JSONDecoder().decode(PageMap.self, from: data) else {
            throw PDFEngineError("WeasyPrint (\(program.path)) finished without saying where the pages fell")
        }
        return map
    }
}

/// Where a rendered book's parts landed.
struct PageMap: Decodable, Equatable {
    /// WeasyPrint's version.
    var engine: String
    var pages: Int
    /// The first page (from 1) of each `id` of the book.
    var anchors: [String: Int]
    /// Addresses the book referred to that were not loaded (only a template can make them).
    var refused: [String]
    /// Recipes (by anchor) with rows of their ingredient list or nutrition that no page holds,
    /// and how many: what the engine lost of a float that ran over more than one page break.
    var lost: [String: Int] = [:]
}

/// The PDF engine is missing, or could not make the book.
public struct PDFEngineError: DescribedError {
    public let description: String
    init(_ description: String) { self.description = description }
}
