import Foundation

/// The one place an error becomes the text a person reads, on the terminal or in
/// `report.json`. Larder's own errors already say what they mean; Foundation's and the system's
/// (`Error Domain=NSCocoaErrorDomain Code=512 "(null)" UserInfo={…}`) are rewritten from their
/// code and the path they carry into a sentence that names the path and what to do.
public enum ErrorText {
    /// The sentence a person reads for `error`: Larder's own errors as they say themselves, Foundation's and the system's retold in Larder's words, never `Error Domain=…` dumps.
    public static func describe(_ error: Error) -> String {
        switch error {
        case let problem as FileProblem:
            return problem.description
        case let error as EncodingError:
            return encoding(error)
        case let error as DecodingError:
            return JSONProblem.describe(error)
        default:
            break
        }
        let bridged = error as NSError
        if bridged.domain == NSCocoaErrorDomain || bridged.domain == NSPOSIXErrorDomain {
            return system(bridged)
        }
        let text = (error as? CustomStringConvertible)?.description ?? String(describing: error)
        // A Swift error that carries a Foundation error inside its own text.
        if text.contains("Error Domain=") { return "an error of the system (\(bridged.domain) \(bridged.code))" }
        return text
    }

    /// A Foundation file error (`CocoaError`) or a POSIX error, as a `FileProblem` sentence
    /// when it names a path; else the system's reason in words.
    static func system(_ error: NSError) -> String {
        let path = (error.userInfo[NSFilePathErrorKey] as? String) ?? (error.userInfo[NSURLErrorKey] as? URL)?.path
        let posix = posixCode(of: error)
        // An error made with a sentence of its own and no system code is said with it.
        if let own = error.userInfo[NSLocalizedDescriptionKey] as? String, posix == nil { return own }
        let code = posix ?? cocoaCodeAsPOSIX(error.code)
        if let path {
            return FileProblem(action(of: error), path: path, code: code).description
        }
        if let code { return String(cString: strerror(code)).lowercased() }
        // JSONSerialization's reason is Foundation's wording ("Too many nested arrays or
        // dictionaries around character 513"); where the text goes wrong is said by
        // `JSONProblem`, which reads it again.
        if error.code == CocoaError.Code.propertyListReadCorrupt.rawValue { return "not valid JSON" }
        return "an error of the system (\(error.domain) \(error.code))"
    }

    /// The POSIX error number behind a Foundation error, itself or the one underneath.
    static func posixCode(of error: NSError) -> Int32? {
        if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? Error {
            let inner = underlying as NSError
            if inner.domain == NSPOSIXErrorDomain { return Int32(inner.code) }
        }
        return nil
    }

    /// Foundation's codes for the failures that have a POSIX twin, for errors without one.
    static func cocoaCodeAsPOSIX(_ code: Int) -> Int32? {
        switch CocoaError.Code(rawValue: code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: ENOENT
        case .fileReadNoPermission, .fileWriteNoPermission: EACCES
        case .fileWriteFileExists: EEXIST
        case .fileWriteOutOfSpace: ENOSPC
        case .fileWriteVolumeReadOnly: EROFS
        case .fileReadTooLarge: EFBIG
        default: nil
        }
    }

    /// Reading or writing, from the range Foundation puts the code in.
    static func action(of error: NSError) -> FileProblem.Action {
        guard error.domain == NSCocoaErrorDomain else { return .use }
        switch error.code {
        case 256..<512: return .read
        case 512..<1024: return .write
        default: return .use
        }
    }

    /// JSON cannot hold infinity or NaN; the encoder says so in a debug sentence with a path.
    static func encoding(_ error: EncodingError) -> String {
        switch error {
        case .invalidValue(let value, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            let place = path.isEmpty ? "" : " at \(path)"
            if let number = value as? Double, !number.isFinite {
                return "the number \(number)\(place) is not finite, and JSON cannot hold it"
            }
            return "the value \(value)\(place) cannot be written as JSON"
        @unknown default:
            return "a value cannot be written as JSON"
        }
    }
}
