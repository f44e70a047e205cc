import Foundation
import LarderArchive
import LarderCore

/// A folder an export writes whole. The new tree goes into a hidden folder beside it and is
/// swapped in when complete, so the folder then holds exactly what this export wrote (none of
/// an earlier export's files stay behind) and a failed or stopped export leaves it as it was.
///
/// Only a folder that is missing, empty, or an earlier Larder export is replaced. An export
/// leaves `.larder-export` in the folder, listing every file it wrote; a folder without one,
/// or holding files that list does not name (notes added by hand), is someone else's, and is
/// refused rather than deleted.
public final class OutputFolder {
    /// The file a folder export leaves, listing what it wrote, so that a later export may replace the folder.
    public static let markerName = ".larder-export"

    /// Where the tree ends up (symbolic links resolved, so a link to a folder stays a link).
    public let target: URL
    /// Where the tree is written until `commit`.
    public let staging: URL
    private var committed = false

    /// Checks that `target` may be replaced, then makes the staging folder beside it.
    public init(_ target: URL) throws {
        self.target = target.standardizedFileURL.resolvingSymlinksInPath()
        try Self.checkReplaceable(self.target)
        let parent = self.target.deletingLastPathComponent()
        try PathCheck.writableFolder(parent, role: "The output's folder", advice: "Choose an output in a folder you can write in.")
        Self.removeLeftovers(of: self.target)
        staging = parent.appendingPathComponent(Self.hiddenName(of: self.target, kind: "partial"))
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw FileProblem.retold(error, .write, path: self.target.path)
        }
    }

    deinit {
        if !committed { try? FileManager.default.removeItem(at: staging) }
    }

    /// A failure to write a file in the staging folder, said of the same file in the output:
    /// the hidden folder is no path the user knows. Other errors are returned as they are.
    public func retold(_ error: Error) -> Error {
        guard let problem = error as? FileProblem else { return error }
        let hidden = staging.path
        guard problem.path == hidden || problem.path.hasPrefix(hidden + "/") else { return error }
        return FileProblem(problem.action, path: target.path + problem.path.dropFirst(hidden.count), code: problem.code)
    }

    /// Lists the files written in the marker, then puts the new tree in the target's place.
    /// The tree is flushed to the disk before the swap (one flush of the file system rather than
    /// one a file: its files were written without), and the folder it was renamed into after,
    /// so after a power loss the output is the old export or the whole new one.
    public func commit() throws {
        try writeMarker()
        // The folder may have changed since the run began.
        try Self.checkReplaceable(target)
        do {
            try ExtractedFile.flush(folder: staging.path)
        } catch {
            throw FileProblem.lastSystemError(.write, path: target.path)
        }
        let path = target.path
        if PathCheck.kind(of: path) == nil {
            try move(staging, to: target)
            try FolderSync.sync(target.deletingLastPathComponent().path)
        } else if Self.isEmptyFolder(path) {
            // An empty folder the user made keeps its place (and permissions): fill it.
            for name in try FileManager.default.contentsOfDirectory(atPath: staging.path) {
                try move(staging.appendingPathComponent(name), to: target.appendingPathComponent(name))
            }
            try FolderSync.sync(path)
            try? FileManager.default.removeItem(at: staging)
        } else {
            let old = target.deletingLastPathComponent().appendingPathComponent(Self.hiddenName(of: target, kind: "old"))
            try move(target, to: old)
            do {
                try move(staging, to: target)
            } catch {
                _ = rename(old.path, path)  // put the earlier export back
                throw error
            }
            try FolderSync.sync(target.deletingLastPathComponent().path)
            try? FileManager.default.removeItem(at: old)
        }
        committed = true
    }

    private func move(_ source: URL, to destination: URL) throws {
        guard rename(source.path, destination.path) == 0 else {
            throw FileProblem.lastSystemError(.write, path: target.path)
        }
    }

    /// The marker: every file of the tree, sorted, so the same export gives the same bytes.
    private func writeMarker() throws {
        let files = Self.files(under: staging).filter { $0 != Self.markerName }.sorted()
        let marker = ExportMarker(generator: "larder \(LarderVersion.current)", files: files)
        try AtomicFile.write(try CanonicalJSON.encoder.encode(marker), to: staging.appendingPathComponent(Self.markerName), durability: .withItsTree)
    }

    struct ExportMarker: Codable {
        var generator: String
        var files: [String]
    }

    /// Throws unless `target` is missing, an empty folder, or an earlier export with no files
    /// of anyone else's in it.
    static func checkReplaceable(_ target: URL) throws {
        let path = target.path
        switch PathCheck.kind(of: path) {
        case nil:
            return
        case .file:
            throw PathProblem("The output \(path) is a file, but this format writes a folder of files. "
                + "Name a new or empty folder, or an archive (.zip, .tar.gz).")
        case .folder:
            if isEmptyFolder(path) { return }
            let present = files(under: target)
            guard let data = FileManager.default.contents(atPath: target.appendingPathComponent(markerName).path),
                  let marker = try? JSONDecoder().decode(ExportMarker.self, from: data) else {
                throw PathProblem("The output \(path) is a folder that already holds files (\(sample(present))) and was not "
                    + "written by a Larder export, so Larder will not replace it. Name a new or empty folder.")
            }
            let written = Set(marker.files).union([markerName])
            let others = present.filter { !written.contains($0) }
            guard others.isEmpty else {
                throw PathProblem("The output \(path) is an earlier Larder export, but it also holds files that export did not write "
                    + "(\(sample(others))); replacing it would delete them. Move them out, or name another folder.")
            }
        }
    }

    static func isEmptyFolder(_ path: String) -> Bool {
        (try? FileManager.default.contentsOfDirectory(atPath: path))?.isEmpty == true
    }

    /// Every file and link under `folder`, hidden ones too, as paths relative to it.
    static func files(under folder: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var result: [String] = []
        while let relative = walker.nextObject() as? String {
            if walker.fileAttributes?[.type] as? FileAttributeType != .typeDirectory { result.append(relative) }
        }
        return result
    }

    /// Up to three names, for a message.
    static func sample(_ names: [String]) -> String {
        let shown = names.sorted().prefix(3).joined(separator: ", ")
        return names.count > 3 ? shown + " and \(names.count - 3) more" : shown
    }

    /// `.<name>.larder-<pid>-<uuid>.<kind>`: hidden, beside the target (one file system, so
    /// the swap is a rename), and carrying the process id, so a later run can tell the
    /// leftovers of a run that was killed from those of one still running.
    static func hiddenName(of target: URL, kind: String) -> String {
        ".\(target.lastPathComponent).larder-\(getpid())-\(UUID().uuidString).\(kind)"
    }

    /// Removes the staging and old folders that killed runs left beside `target`.
    static func removeLeftovers(of target: URL) {
        let parent = target.deletingLastPathComponent()
        let prefix = ".\(target.lastPathComponent).larder-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where name.hasPrefix(prefix) && (name.hasSuffix(".partial") || name.hasSuffix(".old")) {
            let rest = name.dropFirst(prefix.count)
            guard let pid = rest.split(separator: "-").first.flatMap({ pid_t($0) }),
                  kill(pid, 0) != 0 && errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
        }
    }
}
