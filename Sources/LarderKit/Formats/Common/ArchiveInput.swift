import Foundation
import LarderArchive
import LarderCore

/// Reads the entries of an archive given as an input (an app's export zip, a
/// `.paprikarecipes`, a zip of Nextcloud folders) into `RecipeFileGroups`. Nothing is written
/// to disk, so hostile names cannot escape anywhere; links and devices are listed as skipped,
/// never followed or opened, clutter is passed over, and entries are counted and measured as
/// they expand.
enum ArchiveInput {
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    /// `budget`: what the input file may still expand to, shared with the archives inside this
    /// one and the compressed files among its entries.
    static func walk(path: String, into groups: RecipeFileGroups, limits: InputLimits, budget: DecompressionBudget) async throws {
        let reader: ArchiveReader
        do { reader = try ArchiveReader(path: path) } catch { throw Refusal(description: "not a readable archive: \(message(error))") }
        if let layout = layout(of: try? ArchiveReader(path: path), limits: limits, budget: budget) { groups.plan(layout) }
        try await walk(reader, into: groups, limits: limits, budget: budget)
    }

    static func walk(data: Data, name: String, into groups: RecipeFileGroups, limits: InputLimits, budget: DecompressionBudget) async throws {
        let reader: ArchiveReader
        do { reader = try ArchiveReader(data: data, label: name) } catch { throw Refusal(description: "not a readable archive: \(message(error))") }
        if let layout = layout(of: try? ArchiveReader(data: data, label: name), limits: limits, budget: budget) { groups.plan(layout) }
        try await walk(reader, into: groups, limits: limits, budget: budget)
    }

    /// The archive's files, listed from their headers before any is read, so that a recipe
    /// and its pictures pair up in whatever order the archive holds them. The same entries
    /// `walk` hands to the groups are listed. Nil when the listing cannot be trusted to be
    /// whole — a broken archive, entries past the limits, an entry that expands past the file
    /// limit — and the groups then pair what comes together, as a folder walked in order.
    /// A zip's or tar's headers give the sizes, so the listing skips over the data; an entry
    /// streamed without its size is decompressed and counted, never kept, and what it expands
    /// to is spent from the input's `budget` as the reading of it is (the work is done twice).
    static func layout(of reader: ArchiveReader?, limits: InputLimits, budget: DecompressionBudget) -> RecipeFileLayout? {
        guard let reader else { return nil }
        var paths: [String] = []
        var count = 0
        var declared: Int64 = 0
        do {
            while let entry = try reader.nextEntry() {
                count += 1
                guard count <= limits.maxEntries, declared <= Int64(limits.maxArchiveBytes) else { return nil }
                if entry.kind == .directory { continue }
                let name = entry.path ?? entry.lenientPath ?? "entry \(count)"
                guard entry.kind == .file, !isClutter(name) else { continue }
                paths.append(name)
                if !entry.declaresSize {
                    let room = min(limits.maxEntryBytes, budget.room)
                    guard room > 0 else { return nil }
                    budget.spend(try reader.skipData(limit: room))
                } else if entry.declaredSize > Int64(limits.maxEntryBytes) {
                    // Refused by its header when read; the rest is not worth a listing.
                    return nil
                }
                declared += max(0, entry.declaredSize)
            }
        } catch {
            return nil
        }
        return RecipeFileLayout(paths: paths)
    }

    private static func walk(_ reader: ArchiveReader, into groups: RecipeFileGroups, limits: InputLimits, budget: DecompressionBudget) async throws {
        var count = 0
        while true {
            // Between entries is where a long walk can stop for Ctrl-C.
            try Task.checkCancellation()
            let entry: ArchiveReader.Entry?
            do { entry = try reader.nextEntry() } catch {
                try await groups.finish()
                let read = count == 1 ? "1 entry was" : "\(count) entries were"
                throw Refusal(description: "\(message(error)); \(read) read before that point")
            }
            guard let entry else { break }
            count += 1
            guard count <= limits.maxEntries else {
                try await groups.finish()
                throw Refusal(description: "its entries go past Larder's limit of \(InputLimits.Exceeded.grouped(limits.maxEntries)) per archive; the rest was not read")
            }
            // Folders are only where files sit.
            if entry.kind == .directory { continue }
            let name = entry.path ?? entry.lenientPath ?? "entry \(count)"
            if isClutter(name) { continue }
            if let reason = notRead(entry.kind) {
                try await groups.skip(path: name, reason: reason)
                continue
            }
            if entry.declaredSize > limits.maxEntryBytes {
                // Said by its header: refused before a byte of it is decompressed.
                let exceeded = InputLimits.Exceeded("a file", found: Int(entry.declaredSize), limit: limits.maxEntryBytes, per: "file", unit: .bytes)
                try await groups.add(path: name, size: nil, load: { throw exceeded })
                continue
            }
            let room = budget.room
            let data: Data
            do {
                data = try reader.readData(limit: min(limits.maxEntryBytes, room))
            } catch let error as ArchiveError where error.limit != nil {
                // What was inflated before the limit stopped it counts too.
                budget.spend(min(limits.maxEntryBytes, room))
                if room <= limits.maxEntryBytes {
                    try await groups.finish()
                    throw Refusal(description: "\(budget.exceeded); the rest was not read")
                }
                // A bomb's header may say anything: the bytes are counted as they expand.
                let exceeded = InputLimits.Exceeded("a file", limit: limits.maxEntryBytes, per: "file", unit: .bytes)
                try await groups.add(path: name, size: nil, load: { throw exceeded })
                continue
            } catch {
                // This entry fails alone; if the archive itself is broken, the next header says so.
                let failure = Refusal(description: message(error))
                try await groups.add(path: name, size: nil, load: { throw failure })
                continue
            }
            budget.spend(data.count)
            try await groups.add(path: name, size: data.count, load: { data })
        }
        try await groups.finish()
    }

    /// Why an entry that is no file is not read: a link is never followed (it could lead out of
    /// the archive, or to a file read already), and a pipe or device holds no bytes to read.
    /// Each is listed, so a recipe that was a link when the folder was archived is not lost
    /// without a word.
    static func notRead(_ kind: ArchiveReader.EntryKind) -> String? {
        switch kind {
        case .file, .directory: nil
        case .symbolicLink: "a symbolic link inside the archive, not followed"
        case .hardLink: "a hard link inside the archive, not followed (the file it links to is read under its own name)"
        case .other: "a named pipe, device or socket inside the archive, not a file; not read"
        }
    }

    /// What archivers add beside the files: macOS resource forks and folder settings.
    static func isClutter(_ name: String) -> Bool {
        let parts = name.split(separator: "/")
        guard let last = parts.last else { return true }
        return parts.first == "__MACOSX" || last == ".DS_Store" || last.hasPrefix("._") || last == "Thumbs.db"
    }

    static func message(_ error: Error) -> String {
        (error as? ArchiveError)?.message ?? (error as? Refusal)?.description ?? ErrorText.describe(error)
    }
}
