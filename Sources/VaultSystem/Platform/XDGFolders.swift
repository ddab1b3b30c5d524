import VaultCore
/// The freedesktop base folders (the XDG Base Directory specification): a variable holding an
/// absolute path wins, else the default under the home folder.
public enum XDGFolders {
    /// `$XDG_DATA_HOME`, else `~/.local/share`: where the vault and the user's plugins live.
    public static func dataHome(environment: [String: String]) -> String {
        folder(environment["XDG_DATA_HOME"], otherwise: "/.local/share", environment: environment)
    }

    /// `$XDG_CONFIG_HOME`, else `~/.config`: where the config file lives.
    public static func configHome(environment: [String: String]) -> String {
        folder(environment["XDG_CONFIG_HOME"], otherwise: "/.config", environment: environment)
    }

    /// `$XDG_STATE_HOME`, else `~/.local/state`: what belongs to this machine and user and is
    /// never synced (the device id).
    public static func stateHome(environment: [String: String]) -> String {
        folder(environment["XDG_STATE_HOME"], otherwise: "/.local/state", environment: environment)
    }

    private static func folder(_ value: String?, otherwise underHome: String, environment: [String: String]) -> String {
        if let value, value.hasPrefix("/") { return value }
        return HomeFolder.path(environment: environment) + underHome
    }
}
