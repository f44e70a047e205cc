extension ImportSourceKind {
    /// Files and folders: every input no other kind recognises. Bundles and library folders
    /// among them are restored before the run (`ImportSettings.restores`); the others are read
    /// by their formats (`FileSource`).
    public static let files = ImportSourceKind(
        name: "files",
        help: "folders (walked recursively)",
        recognises: nil,
        shardKey: ImportShard.pathKey,
        sources: { inputs, context in
            let settings = context.settings
            // `--from bundle` restores; it forces no format on the files read.
            let forced = settings.forcedFormat?.reader?.method.restoresWhole == true ? nil : settings.forcedFormat
            return inputs.filter { !settings.restores($0) }.map { FileSource(path: $0, pageURL: settings.pageURL, forced: forced) }
        }
    )
}
