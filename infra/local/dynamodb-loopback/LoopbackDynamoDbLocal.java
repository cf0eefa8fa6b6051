import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local bound to one address. Its command line has no host option and its Jetty server listens on every
 * interface (`new Server(port)`), so anyone on the developer's network could read and write the local table. This
 * builds the server from the same command line (`ServerRunner.createServerFromCommandLineArgs`), sets the host of its
 * connector before it opens the port, and starts it. Anything unexpected (a jar whose server is built otherwise) ends
 * the JVM with an error rather than listening everywhere.
 *
 * Usage: java -Doutreach.dynamodb.host=127.0.0.1 -cp DynamoDBLocal.jar:<this class> LoopbackDynamoDbLocal <its options>
 */
public class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("outreach.dynamodb.host", "127.0.0.1");
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server jetty = (Server) field.get(proxy);
    Connector[] connectors = jetty.getConnectors();
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local's Jetty server has no connector");
    for (Connector connector : connectors) ((ServerConnector) connector).setHost(host);
    // safeStart, not start: start prints a failure to bind and returns, leaving a JVM that serves nothing
    proxy.safeStart();
    proxy.join();
  }
}
