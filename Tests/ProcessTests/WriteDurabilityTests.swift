import Foundation
import Testing
import TestSupport

/// What the real binary asks of the disk, read from `strace`, so that a power loss can lose no
/// file it has said is written, and tear none. For every name a run makes in its output (a
/// rename, a hard link, a new folder):
/// - the renamed file's bytes were flushed (`fsync`, or `syncfs` of its file system) after it
///   was last written and before the rename: the new name never points at bytes still in memory;
/// - the folder holding the new name was flushed after it and before the run said it was done
///   (renamed `report.json` into place) or, with no report, before it ended: a rename changes the
///   folder, and only a flush of the folder puts the new name on the disk;
/// - folders are flushed once a batch (a run, a restore), not once a file.
/// A process killed with SIGKILL keeps the kernel's page cache (`KillTests`), so only the
/// order of these calls can show what a power loss would do.
@Suite struct WriteDurabilityTests {
    let scratch: ScratchFolder
    static let recipeCount = 40

    init() throws {
        scratch = try ScratchFolder()
    }

    @Test func anImportFlushesEachRecipeAndItsFoldersOnceBeforeTheReport() async throws {
        let inputs = try recipeFiles()
        let library = scratch.path("library").path
        let trace = try await traced(["import", inputs, "--library", library])
        try trace.checkDurable(under: library, doneAt: library + "/report.json")
        let recipes = trace.renames(into: library + "/recipes")
        #expect(recipes.count == Self.recipeCount)
        #expect(trace.folderFlushes(under: library) < Self.recipeCount / 4, "folders flushed: \(trace.folderFlushes(under: library)) for \(recipes.count) recipes")
    }

    @Test func aRestoreFlushesItsFoldersOnceForTheWholeBundle() async throws {
        let source = scratch.path("source").path
        let archive = scratch.path("backup.tar.gz").path
        _ = try await traced(["import", try recipeFiles(withImages: true), "--library", source])
        let export = try await traced(["export", "--format", "json", "--library", source, "--output", archive])
        try export.checkDurable(under: archive, doneAt: nil)

        let library = scratch.path("restored").path
        let restore = try await traced(["import", archive, "--library", library])
        try restore.checkDurable(under: library, doneAt: library + "/report.json")
        #expect(restore.renames(into: library + "/recipes").count == Self.recipeCount)
        #expect(restore.renames(into: library + "/images").count == Self.recipeCount / 10)
        // Each image is in a folder of its own recipe: those are flushed too, each once.
        let files = restore.renames(into: library).count
        #expect(restore.folderFlushes(under: library) < files / 3, "folders flushed: \(restore.folderFlushes(under: library)) for \(files) files")
    }

    @Test func aFolderExportIsFlushedBeforeItIsSwappedIn() async throws {
        let library = scratch.path("library").path
        _ = try await traced(["import", try recipeFiles(), "--library", library])
        let output = scratch.path("cookbook").path
        for _ in 1...2 {  // a new folder, then replacing the earlier export
            let export = try await traced(["export", "--format", "markdown", "--library", library, "--output", output])
            try export.checkDurable(under: output, doneAt: nil)
            #expect(export.renames(into: scratch.url.path).contains(output))
        }
    }

    // MARK: Running under strace

    /// Runs `larder ARGUMENTS` under `strace` and reads the calls that make and flush names.
    func traced(_ arguments: [String]) async throws -> SyscallTrace {
        let strace = "/usr/bin/strace"
        try #require(FileManager.default.isExecutableFile(atPath: strace), "strace is not installed (`make setup` installs it)")
        let log = scratch.path("trace-\(UUID().uuidString).txt").path
        let larder = try LarderCommand.program(arguments, home: scratch.path("home"))
        let run = try await Program(strace, ["-f", "-y", "-qq", "-s", "4096", "-o", log,
                                             "-e", "trace=open,openat,creat,fsync,fdatasync,syncfs,rename,renameat,renameat2,link,linkat,mkdir,mkdirat",
                                             larder.executable] + larder.arguments, environment: larder.environment).run()
        try #require(run.status == 0, "\(run)")
        return SyscallTrace(try String(contentsOfFile: log, encoding: .utf8))
    }

    /// `recipeCount` recipe files; with images, every tenth holds its picture inline.
    func recipeFiles(withImages: Bool = false) throws -> String {
        let folder = scratch.path(withImages ? "inputs-with-images" : "inputs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 8, 0, 0, 0, 8, 8, 6, 0, 0, 0])
        for n in 0..<Self.recipeCount {
            let picture = withImages && n % 10 == 0 ? #""imageData": "\#((png + [UInt8(n)]).base64EncodedString())", "# : ""
            let text = #"{"id": "soup-\#(n)", "title": "Soup No. \#(n)", \#(picture)"ingredients": [{"text": "\#(n + 1) cups water"}], "instructions": "Boil."}"#
            try Data(text.utf8).write(to: folder.appendingPathComponent("soup-\(n).json"))
        }
        return folder.path
    }
}

/// The calls of one traced run that matter to durability, in the order they returned.
struct SyscallTrace {
    enum Call: Equatable {
        /// A file opened for writing (its bytes may change from here on).
        case openedForWriting(String)
        /// `fsync` or `fdatasync` of the file or folder at the path.
        case flushed(String)
        /// `syncfs`: everything on the file system.
        case flushedAll
        /// A new name: a rename (from a path) or a hard link or a new folder (from nil).
        case named(String, from: String?)
    }

    var calls: [Call] = []

    init(_ text: String) {
        var unfinished: [Substring: String] = [:]
        for raw in text.split(separator: "\n") {
            guard let space = raw.firstIndex(of: " ") else { continue }
            let pid = raw[..<space]
            var line = String(raw[raw.index(after: space)...].drop { $0 == " " })
            // A call another thread's output split: `name(args <unfinished ...>`, then
            // `<... name resumed>rest`; it returned when it resumed.
            if line.hasSuffix("<unfinished ...>") {
                unfinished[pid] = String(line.dropLast("<unfinished ...>".count))
                continue
            }
            if line.hasPrefix("<... "), let resumed = line.range(of: " resumed>") {
                line = (unfinished.removeValue(forKey: pid) ?? "") + line[resumed.upperBound...]
            }
            if let call = Self.call(in: line) { calls.append(call) }
        }
    }

    /// `name(args) = result`, when it succeeded and is one of the calls kept.
    static func call(in line: String) -> Call? {
        guard let open = line.firstIndex(of: "("), let equals = line.range(of: ") = ", options: .backwards),
              !line[equals.upperBound...].hasPrefix("-") else { return nil }
        let name = line[..<open]
        let arguments = String(line[line.index(after: open)..<equals.lowerBound])
        let result = String(line[equals.upperBound...])
        let quoted = quotedStrings(arguments)
        switch name {
        case "open", "openat", "creat":
            guard name == "creat" || arguments.contains("O_WRONLY") || arguments.contains("O_RDWR") else { return nil }
            return described(result).map { .openedForWriting($0) }
        case "fsync", "fdatasync":
            return described(arguments).map { .flushed($0) }
        case "syncfs":
            return .flushedAll
        case "rename", "renameat", "renameat2":
            guard quoted.count == 2 else { return nil }
            return .named(quoted[1], from: quoted[0])
        case "link", "linkat", "mkdir", "mkdirat":
            return quoted.last.map { .named($0, from: nil) }
        default:
            return nil
        }
    }

    /// The path strace's `-y` shows for a descriptor: `5</a/b>`.
    static func described(_ text: String) -> String? {
        guard let start = text.firstIndex(of: "<"), let end = text.firstIndex(of: ">"), start < end else { return nil }
        return String(text[text.index(after: start)..<end])
    }

    static func quotedStrings(_ text: String) -> [String] {
        text.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    static func isUnder(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder + "/")
    }

    /// Run state (`.larder/`: the lock, the journal, the index, a restore's staging) is not
    /// the library's content and may be lost.
    static func isRunState(_ path: String) -> Bool {
        path.contains("/.larder/") || path.hasSuffix("/.larder")
    }

    /// The paths renamed into the folder `folder` or below it.
    func renames(into folder: String) -> [String] {
        calls.compactMap {
            if case .named(let path, let from?) = $0, Self.isUnder(path, folder) { return path }
            return nil
        }
    }

    /// How many flushes were of folders under `root` (and of its parent), or of the file system;
    /// not of the run state (SQLite flushes `.larder/` for its own journal).
    func folderFlushes(under root: String) -> Int {
        calls.filter {
            switch $0 {
            case .flushedAll: return true
            case .flushed(let path):
                var isFolder: ObjCBool = false
                return (Self.isUnder(path, root) || path == (root as NSString).deletingLastPathComponent) && !Self.isRunState(path)
                    && FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
            default: return false
            }
        }.count
    }

    /// Checks the two rules of the suite's comment for every name made under `root`; `doneAt`
    /// is the file whose rename says the run is done (its report), nil for the end of the run.
    func checkDurable(under root: String, doneAt done: String?, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let doneIndex = done.flatMap { done in calls.lastIndex { if case .named(done, _?) = $0 { return true } else { return false } } }
        if let done { try #require(doneIndex != nil, "\(done) was never renamed into place", sourceLocation: sourceLocation) }
        var named = 0
        // Paths written since they were last flushed, carried along by renames (Foundation
        // writes a file under one name, flushes it and renames it).
        var unflushed: Set<String> = []
        for (index, call) in calls.enumerated() {
            switch call {
            case .openedForWriting(let path): unflushed.insert(path)
            case .flushed(let path): unflushed.remove(path)
            case .flushedAll: unflushed.removeAll()
            case .named: break
            }
            guard case .named(let path, let from) = call else { continue }
            let moved = from.map { from in unflushed.filter { Self.isUnder($0, from) } } ?? []
            unflushed.subtract(moved)
            if let from { unflushed.formUnion(moved.map { path + $0.dropFirst(from.count) }) }
            // Names still there when the run ended: a temporary name was never the output's.
            guard Self.isUnder(path, root), !Self.isRunState(path), FileManager.default.fileExists(atPath: path) else { continue }
            named += 1
            if let from {
                #expect(moved.isEmpty, "\(from) was renamed to \(path) with bytes not flushed: \(moved.sorted().prefix(3))", sourceLocation: sourceLocation)
            }
            let folder = (path as NSString).deletingLastPathComponent
            // What the run writes after it says it is done (the manifest, folded last) need only
            // be flushed before it ends.
            let deadline = doneIndex.map { index < $0 ? $0 : calls.count } ?? calls.count
            let folderFlushed = index + 1 < deadline && calls[(index + 1)..<deadline].contains { $0 == .flushed(folder) || $0 == .flushedAll }
            #expect(folderFlushed, "\(path) was made, but \(folder) was not flushed after it \(done.map { "before \($0)" } ?? "before the run ended")",
                    sourceLocation: sourceLocation)
        }
        #expect(named > 0, "nothing was written under \(root)", sourceLocation: sourceLocation)
    }
}
