/// What `vault run` shows in place of a secret in its command's output.
package enum ConcealedOutput {
    package static let marker = "<concealed by vault>"
}
